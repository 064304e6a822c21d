package tasks

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/internal/emulate"
)

// ValidationPackages are the validation suites: the engine, the allocators, the variants and the
// process counters - everything whose correctness the measurements rest on.
var ValidationPackages = []string{"./deflate/...", "./nativemem/...", "./variants/...", "./matrix/procstat/..."}

// raceSupported lists the platforms, of those the lab runs on, where Go's race detector exists
// (cmd/internal/sys RaceDetectorSupported). windows/arm64 has none, so it runs without -race.
var raceSupported = []string{"linux/amd64", "linux/arm64", "windows/amd64", "darwin/amd64", "darwin/arm64"}

// ValidateArgs is the "go test" command line of the validation suites for goos/goarch, and whether
// it has the race detector: where the platform has one and a C compiler is there for cgo (haveCC).
func ValidateArgs(goos, goarch string, haveCC bool) (args []string, race bool) {
	args = []string{"test", "-count=1"}
	if race = haveCC && slices.Contains(raceSupported, goos+"/"+goarch); race {
		args = append(args, "-race")
	}
	return append(args, ValidationPackages...), race
}

// Validate runs the validation suites on this machine, with -race where the platform has it. The
// race detector needs cgo, so CGO_ENABLED=1 is set for that run. Without a C compiler the suites
// still run, without -race, and say so, so that a machine with nothing but Go can run the matrix.
func Validate(ctx context.Context, s Streams, goos, goarch string) error {
	_, ccErr := cCompiler(ctx)
	args, race := ValidateArgs(goos, goarch, ccErr == nil)
	var env []string
	switch {
	case race:
		env = []string{"CGO_ENABLED=1"}
	case !slices.Contains(raceSupported, goos+"/"+goarch):
		fmt.Fprintf(s.Stderr, "validate: the race detector does not exist on %s/%s; running without -race\n", goos, goarch)
	default:
		fmt.Fprintf(s.Stderr, "validate: WARNING: running without -race: the race detector needs cgo and %v; install a C compiler for the race-enabled run\n", ccErr)
	}
	return goCommand(ctx, s, env, args...)
}

// cCompiler finds the C compiler cgo would use ("go env CC", first word) on PATH.
func cCompiler(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "CC").Output()
	if err != nil {
		return "", fmt.Errorf("go env CC: %w", err)
	}
	fields := strings.Fields(string(out))
	if len(fields) == 0 {
		return "", errors.New("go env CC names no C compiler")
	}
	if _, err := exec.LookPath(fields[0]); err != nil {
		return fields[0], fmt.Errorf("the C compiler %q is not on PATH", fields[0])
	}
	return fields[0], nil
}

// Emulated runs the validation suites as other platforms' binaries on this machine, under the
// emulators internal/emulate drives (wine64, qemu-user). A missing emulator is skipped with a
// message, or fails the run when o.RequireEmulators is set.
func Emulated(ctx context.Context, s Streams, o Options) error {
	return emulate.Run(ctx, emulate.Options{
		Packages: ValidationPackages,
		Require:  o.RequireEmulators,
		Stdout:   s.Stdout,
		Stderr:   s.Stderr,
	})
}
