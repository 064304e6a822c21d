package emulate

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// BenchTargets are the platforms whose hosts an emulated bench runs here, in order.
var BenchTargets = []string{"windows/amd64", "linux/arm64"}

// benchDir is the cache subdirectory of the emulated bench's own wine prefix. Stopping the bench's
// wineserver ends every wine process of its prefix, so the bench never shares one with
// validate:emulated (or anything else that may run at the same time).
const benchDir = "bench"

// Emulator runs one platform's binaries on this machine: Exec, then the binary and its arguments.
type Emulator struct {
	Target string   // goos/goarch it runs
	Exec   []string // the command the binaries run under (lab bench -exec)
	About  string   // what it is: wine's or qemu's version line
	stop   func() error
}

// Stop releases what StartEmulator set up: for wine, the persistent wineserver and the prefix's lock.
func (e *Emulator) Stop() error {
	if e == nil || e.stop == nil {
		return nil
	}
	stop := e.stop
	e.stop = nil
	return stop()
}

// StartEmulator readies target's emulator for running many short-lived binaries, as the bench's hosts
// are: windows/amd64 runs under wine64 in a prefix of the bench's own (prepared once, like Run's), with
// a persistent wineserver started first (see Wine.StartServer) and the prefix locked against a second
// bench until Stop; linux/arm64 runs under qemu-aarch64-static, statically linked (CGO_ENABLED=0). A
// missing tool is a *MissingError. Call Stop when done.
func StartEmulator(ctx context.Context, target string, log io.Writer) (*Emulator, error) {
	if log == nil {
		log = io.Discard
	}
	switch {
	case target == runtime.GOOS+"/"+runtime.GOARCH:
		return nil, fmt.Errorf("emulate: %s is this machine's platform: its binaries run natively, with no emulator", target)
	case target == "windows/arm64":
		return nil, &MissingError{What: "an emulator for windows/arm64", Hint: "nothing here runs windows/arm64 binaries; validate:emulated vets and compiles them"}
	case target != "windows/amd64" && target != "linux/arm64":
		return nil, fmt.Errorf("emulate: no emulator for %q; allowed: %s", target, strings.Join(BenchTargets, ", "))
	case runtime.GOOS != "linux":
		return nil, &MissingError{What: "a Linux host", Hint: "emulating " + target + " needs wine or qemu-user on Linux"}
	case target == "linux/arm64":
		qemu, err := find(qemuTool)
		if err != nil {
			return nil, err
		}
		out, err := exec.CommandContext(ctx, qemu, "--version").Output()
		if err != nil {
			return nil, fmt.Errorf("emulate: %s --version: %w", qemu, err)
		}
		about, _, _ := strings.Cut(string(bytes.TrimSpace(out)), "\n")
		return &Emulator{Target: target, Exec: []string{qemu}, About: about}, nil
	}
	wineBin, err := find(wineTool)
	if err != nil {
		return nil, err
	}
	gcc, err := find(mingwTool)
	if err != nil {
		return nil, err
	}
	cache, err := CacheDir()
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(cache, benchDir)
	unlock, err := lockDir(filepath.Join(dir, "running"))
	if err != nil {
		return nil, err
	}
	w, err := PrepareWine(ctx, wineBin, gcc, dir, log)
	if err != nil {
		unlock()
		return nil, err
	}
	stopServer, err := w.StartServer(ctx, log)
	if err != nil {
		unlock()
		return nil, err
	}
	return &Emulator{Target: target, Exec: []string{w.Exec}, About: w.Version, stop: func() error {
		defer unlock()
		return stopServer()
	}}, nil
}
