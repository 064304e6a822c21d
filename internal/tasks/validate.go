package tasks

import (
	"context"
	"fmt"
	"slices"

	"github.com/deflatelab/deflatelab/internal/emulate"
)

// ValidationPackages are the validation suites: the engine, the allocators, the variants and the
// process counters - everything whose correctness the measurements rest on.
var ValidationPackages = []string{"./deflate/...", "./nativemem/...", "./variants/...", "./matrix/procstat/..."}

// raceSupported lists the platforms, of those the lab runs on, where Go's race detector exists
// (cmd/internal/sys RaceDetectorSupported). windows/arm64 has none, so it runs without -race.
var raceSupported = []string{"linux/amd64", "linux/arm64", "windows/amd64", "darwin/amd64", "darwin/arm64"}

// ValidateArgs is the "go test" command line of the validation suites for goos/goarch, and whether
// it has the race detector.
func ValidateArgs(goos, goarch string) (args []string, race bool) {
	args = []string{"test", "-count=1"}
	if race = slices.Contains(raceSupported, goos+"/"+goarch); race {
		args = append(args, "-race")
	}
	return append(args, ValidationPackages...), race
}

// Validate runs the validation suites on this machine, with -race where the platform has it. The
// race detector needs cgo, so CGO_ENABLED=1 is set for that run.
func Validate(ctx context.Context, s Streams, goos, goarch string) error {
	args, race := ValidateArgs(goos, goarch)
	var env []string
	if race {
		env = []string{"CGO_ENABLED=1"}
	} else {
		fmt.Fprintf(s.Stderr, "validate: the race detector does not exist on %s/%s; running without -race\n", goos, goarch)
	}
	return goCommand(ctx, s, env, args...)
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
