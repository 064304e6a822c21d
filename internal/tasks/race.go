package tasks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// errNoRaceDetector: Go has no race detector for the platform (windows/arm64 among the lab's).
var errNoRaceDetector = errors.New("Go has no race detector for this platform")

// raceProbeProgram is what RaceProbe builds and runs with -race: two goroutines and a lock, so that
// the race runtime starts, synchronises and exits as a test binary's would.
const raceProbeProgram = `package main

import "sync"

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); mu.Lock(); n++; mu.Unlock() }()
	}
	wg.Wait()
	if n != 2 {
		panic(n)
	}
}
`

// RaceProbe says whether the race detector works on this machine: it builds and runs a small
// program with -race (CGO_ENABLED=1), which needs a C compiler the race runtime accepts. Finding a
// compiler on PATH is not enough: on Windows, Go 1.21 and later need one with mingw-w64 8 or later
// runtime libraries (libsynchronization.a), and an older one builds binaries that exit 0xc0000139
// (golang/go issues 61058, 61916). The error says what failed, with the compiler's output.
func RaceProbe(ctx context.Context) error {
	dir, err := os.MkdirTemp("", "deflatelab-raceprobe-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte(raceProbeProgram), 0o644); err != nil {
		return err
	}
	exe := filepath.Join(dir, exeName("probe", runtime.GOOS))
	build := exec.CommandContext(ctx, "go", "build", "-race", "-o", exe, src)
	build.Dir = dir // outside the module: the probe needs nothing of it
	build.Env = append(os.Environ(), "CGO_ENABLED=1", "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		cc, _ := exec.CommandContext(ctx, "go", "env", "CC").Output()
		return fmt.Errorf("the race detector needs cgo and a C compiler it accepts (go env CC: %s); building a -race program failed: %v: %s",
			strings.TrimSpace(string(cc)), err, firstLines(out, 5))
	}
	if out, err := exec.CommandContext(ctx, exe).CombinedOutput(); err != nil {
		return fmt.Errorf("a -race program built but does not run (%v: %s); on Windows the C compiler's mingw-w64 runtime must be version 8 or later", err, firstLines(out, 5))
	}
	return nil
}

// firstLines is up to n lines of out, trimmed, for an error message.
func firstLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(bytes.TrimSpace(out))), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}

// ValidateRace runs RacePackages under the race detector on this machine (goos/goarch): ci.yml's race
// step. Where Go has no race detector, or RaceProbe finds it cannot run, it says so and what it skipped
// (on GitHub as a ::warning:: annotation) and succeeds: the same packages still run without -race in
// the job's go test ./... step.
func ValidateRace(ctx context.Context, s Streams, goos, goarch string, github bool) error {
	skipped := strings.Join(RacePackages, " ")
	why := errNoRaceDetector
	if slices.Contains(raceSupported, goos+"/"+goarch) {
		why = RaceProbe(ctx)
	}
	if why != nil {
		msg := fmt.Sprintf("validate:race: SKIPPED on %s/%s, not raced: %s: %v", goos, goarch, skipped, why)
		if github {
			msg = "::warning title=race detector skipped::" + strings.ReplaceAll(msg, "\n", "%0A")
		}
		fmt.Fprintln(s.Stderr, msg)
		return nil
	}
	r := raceRun()
	if err := goCommand(ctx, s, r.Env, r.Args...); err != nil {
		return fmt.Errorf("validate:race: %w", err)
	}
	return nil
}
