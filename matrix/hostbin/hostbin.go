// Package hostbin builds the per-variant host binaries from cmd/host and finds them:
// <dir>/<goos>-<goarch>/host-<variant>[.exe], one per variant, differing only in the variant linked in.
package hostbin

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/internal/lifeline"
	"github.com/deflatelab/deflatelab/matrix/host"
	"github.com/deflatelab/deflatelab/variants"
	_ "github.com/deflatelab/deflatelab/variants/all" // registers every variant, for Variants
)

// Variants are the variants cmd/host can be built with, each with a build tag variant_<name>: the
// registry's (variants.Names, every variant variants/all links in), so a registered variant is a host,
// a plan's candidate and a profile's without another list to edit. TestAddingAVariant checks that each
// has its cmd/host/link_<name>.go (docs/ARCHITECTURE.md, "Adding a variant").
func Variants() []string { return variants.Names() }

// Package is the import path built into every host.
const Package = "github.com/deflatelab/deflatelab/cmd/host"

// Dir is the platform directory under a binaries root: root/<goos>-<goarch>, e.g. bin/linux-amd64.
func Dir(root, goos, goarch string) string { return filepath.Join(root, goos+"-"+goarch) }

// Path is the host of variant in a platform directory (see Dir): dir/host-<variant>, plus .exe on Windows.
func Path(dir, goos, variant string) string { return filepath.Join(dir, name(goos, variant)) }

func name(goos, variant string) string {
	n := "host-" + variant
	if goos == "windows" {
		n += ".exe"
	}
	return n
}

// Build compiles one host per variant into Dir(outDir, goos, goarch), running the go command in the
// current directory (which must be inside this module). Native builds use cgo when the go command has
// it enabled, so that the libc backend exists; cross builds set CGO_ENABLED=0. Each host is stamped with
// the current git revision (see host.CommitFlag) when git can tell it.
func Build(ctx context.Context, goos, goarch, outDir string, variants []string, stdout, stderr io.Writer) error {
	if len(variants) == 0 {
		return fmt.Errorf("hostbin: no variants to build; allowed: %v", Variants())
	}
	for _, v := range variants {
		if !slices.Contains(Variants(), v) {
			return fmt.Errorf("hostbin: unknown variant %q; allowed: %v", v, Variants())
		}
	}
	dir := Dir(outDir, goos, goarch)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	env := append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch)
	if goos != runtime.GOOS || goarch != runtime.GOARCH {
		env = append(env, "CGO_ENABLED=0")
	}
	ldflags := "-s -w"
	if rev := gitRevision(ctx, ""); rev != "" {
		ldflags += " " + host.CommitFlag(rev)
	}
	for _, v := range variants {
		out := Path(dir, goos, v)
		// -trimpath: the binary holds no path of this checkout, so the same commit built by the same
		// toolchain in another directory - another runner's checkout, a replica's leg - is the same
		// build (its id is the binary's hash), and lab merge can combine the legs.
		cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-tags", "variant_"+v, "-ldflags", ldflags, "-o", out, Package)
		lifeline.Group(cmd) // a cancelled build stops the compiler and linker it started too
		cmd.Env, cmd.Stdout, cmd.Stderr = env, stdout, stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("hostbin: building %s for %s/%s: %w", out, goos, goarch, err)
		}
	}
	return nil
}

// generatedPaths are the repository's directories that the lab's own commands write (results, reports,
// binaries): a change there is not a change of the code a host is built from, so it does not make the
// revision "-dirty". Without this, "mage matrix" writing reports/ stamped the next run's hosts dirty.
var generatedPaths = []string{"results", "reports", "bin"}

// gitRevision is HEAD's revision of the repository around dir ("" = the current directory), with
// "-dirty" when a tracked file outside generatedPaths has changed, or "" outside git.
func gitRevision(ctx context.Context, dir string) string {
	git := func(args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, "git", args...)
		cmd.Dir = dir
		return cmd.Output()
	}
	rev, err := git("rev-parse", "HEAD")
	if err != nil {
		return ""
	}
	s := strings.TrimSpace(string(rev))
	args := []string{"status", "--porcelain", "--untracked-files=no", "--", ":(top)"}
	for _, p := range generatedPaths {
		args = append(args, ":(top,exclude)"+p)
	}
	if st, err := git(args...); err == nil && len(bytes.TrimSpace(st)) > 0 {
		s += "-dirty"
	}
	return s
}
