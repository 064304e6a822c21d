package emulate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Targets are the platforms Run covers, in the order it runs them.
var Targets = []string{"windows/amd64", "linux/arm64", "windows/arm64"}

// Options configure Run.
type Options struct {
	Packages []string // package patterns; nil means ./...
	Targets  []string // a subset of Targets; nil means all
	Flags    []string // extra go test flags, e.g. -short or -run=Alloc
	Require  bool     // a missing emulator fails the run instead of skipping its target
	Dir      string   // the module directory go runs in; "" means the current one
	Stdout   io.Writer
	Stderr   io.Writer
}

// Tool is a program a target needs, with the Debian package providing it.
type Tool struct{ Name, Package string }

func (t Tool) missing() *MissingError {
	return &MissingError{What: t.Name, Hint: "install the Debian package " + t.Package}
}

// Tools a target needs that may be missing. Candidates are tried in order.
var (
	wineTool  = Tool{"wine64", "wine64"}
	mingwTool = Tool{mingwGCC, "gcc-mingw-w64-x86-64"}
	qemuTool  = Tool{"qemu-aarch64-static", "qemu-user-static"}

	toolCandidates = map[Tool][]string{
		// Debian's wine64 package puts the loader outside PATH; /usr/bin/wine
		// is a wrapper that warns about wine32 on every run, so it comes last.
		wineTool:  {"wine64", "/usr/lib/wine/wine64", "/usr/lib64/wine/wine64", "wine"},
		mingwTool: {mingwGCC},
		qemuTool:  {"qemu-aarch64-static", "qemu-aarch64"},
	}
)

// lookPath finds programs; tests replace it.
var lookPath = exec.LookPath

// find returns the path of the first candidate for t that exists.
func find(t Tool) (string, error) {
	for _, c := range toolCandidates[t] {
		if p, err := lookPath(c); err == nil {
			return p, nil
		}
	}
	return "", t.missing()
}

// MissingError reports something a target needs that this machine lacks:
// Run skips the target, or fails when Options.Require is set.
type MissingError struct{ What, Hint string }

func (e *MissingError) Error() string { return fmt.Sprintf("%s not found (%s)", e.What, e.Hint) }

// Run vets, builds and tests opts.Packages for each target in turn, under
// its emulator: `go test -exec <wine wrapper>` for windows/amd64,
// `go test -exec qemu-aarch64-static` for linux/arm64 (CGO_ENABLED=0), and
// go vet, go build and go test -c for windows/arm64. A target whose
// emulator is missing prints "emulate: <target>: SKIP: ..." and is skipped,
// or fails the run when opts.Require is set. Every target runs even when an
// earlier one fails; the error joins all failures.
func Run(ctx context.Context, opts Options) error {
	opts = opts.withDefaults()
	for _, t := range opts.Targets {
		if !slices.Contains(Targets, t) {
			return fmt.Errorf("emulate: unknown target %q; allowed: %s", t, strings.Join(Targets, ", "))
		}
	}
	goBin, err := lookPath("go")
	if err != nil {
		return fmt.Errorf("emulate: the go command: %w", err)
	}
	var errs []error
	for _, t := range opts.Targets {
		err := runTarget(ctx, goBin, t, opts)
		var missing *MissingError
		switch {
		case err == nil:
			fmt.Fprintf(opts.Stdout, "emulate: %s: ok\n", t)
		case errors.As(err, &missing) && !opts.Require:
			fmt.Fprintf(opts.Stdout, "emulate: %s: SKIP: %v\n", t, err)
		default:
			fmt.Fprintf(opts.Stdout, "emulate: %s: FAIL: %v\n", t, err)
			errs = append(errs, fmt.Errorf("emulate: %s: %w", t, err))
		}
	}
	return errors.Join(errs...)
}

func (o Options) withDefaults() Options {
	if len(o.Packages) == 0 {
		o.Packages = []string{"./..."}
	}
	if len(o.Targets) == 0 {
		o.Targets = Targets
	}
	if o.Stdout == nil {
		o.Stdout = io.Discard
	}
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	return o
}

// runTarget runs one target's go commands.
func runTarget(ctx context.Context, goBin, target string, opts Options) error {
	goos, goarch, _ := strings.Cut(target, "/")
	native := goos == runtime.GOOS && goarch == runtime.GOARCH
	env := []string{"GOOS=" + goos, "GOARCH=" + goarch, "CGO_ENABLED=0"}
	var steps [][]string
	switch {
	case native:
		steps = [][]string{testArgs("", opts)}
	case target == "windows/arm64":
		out, err := os.MkdirTemp("", "emulate-windows-arm64-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(out)
		steps = [][]string{
			append([]string{"vet"}, opts.Packages...),
			append([]string{"build"}, opts.Packages...),
			append([]string{"test", "-c", "-o", out + string(filepath.Separator)}, opts.Packages...),
		}
	case runtime.GOOS != "linux":
		return &MissingError{What: "a Linux host", Hint: "emulating " + target + " needs wine or qemu-user on Linux"}
	case target == "linux/arm64":
		qemu, err := find(qemuTool)
		if err != nil {
			return err
		}
		steps = [][]string{testArgs(qemu, opts)}
	case target == "windows/amd64":
		w, err := setupWine(ctx, opts.Stdout)
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Stdout, "emulate: windows/amd64 under %s, prefix %s\n", w.Version, w.Prefix)
		steps = [][]string{testArgs(w.Exec, opts)}
	}
	for _, args := range steps {
		fmt.Fprintf(opts.Stdout, "emulate: %s: %s go %s\n", target, strings.Join(env, " "), strings.Join(args, " "))
		cmd := exec.CommandContext(ctx, goBin, args...)
		cmd.Dir = opts.Dir
		cmd.Env = append(os.Environ(), env...)
		cmd.Stdout, cmd.Stderr = opts.Stdout, opts.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("go %s: %w", args[0], err)
		}
	}
	return nil
}

// testArgs is `go test [-exec execWith] flags packages`.
func testArgs(execWith string, opts Options) []string {
	args := []string{"test"}
	if execWith != "" {
		args = append(args, "-exec", execWith)
	}
	args = append(args, opts.Flags...)
	return append(args, opts.Packages...)
}

// setupWine finds wine and the cross compiler and prepares the prefix in
// the user cache directory.
func setupWine(ctx context.Context, log io.Writer) (Wine, error) {
	wineBin, err := find(wineTool)
	if err != nil {
		return Wine{}, err
	}
	gcc, err := find(mingwTool)
	if err != nil {
		return Wine{}, err
	}
	cache, err := CacheDir()
	if err != nil {
		return Wine{}, err
	}
	return PrepareWine(ctx, wineBin, gcc, cache, log)
}

// CacheDir is where the wine prefix, the shim and the wrapper live:
// <user cache directory>/deflatelab.
func CacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("emulate: no cache directory for the wine prefix: %w", err)
	}
	return filepath.Join(dir, "deflatelab"), nil
}
