package emulate

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestWrapperScript(t *testing.T) {
	needScripts(t)
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// A stand-in for wine that prints what it was given, so the test checks
	// the wrapper without running wine. Paths with quotes and spaces check
	// the quoting.
	fake := filepath.Join(dir, "it's wine")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho \"prefix=$WINEPREFIX debug=$WINEDEBUG dll=$WINEDLLOVERRIDES\"\nfor a; do echo \"arg=$a\"; done\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	prefix := filepath.Join(dir, "a prefix")
	script := filepath.Join(dir, "wine-exec.sh")
	if err := os.WriteFile(script, []byte(WrapperScript(fake, prefix)), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(sh, "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("sh -n: %v\n%s", err, out)
	}
	out, err := exec.Command(script, "/tmp/x.test.exe", "-test.run=A B", "").CombinedOutput()
	if err != nil {
		t.Fatalf("running the wrapper: %v\n%s", err, out)
	}
	want := "prefix=" + prefix + " debug=-all dll=" + dllOverrides + "\narg=/tmp/x.test.exe\narg=-test.run=A B\narg=\n"
	if string(out) != want {
		t.Errorf("wrapper ran wine with\n%s\nwant\n%s", out, want)
	}
}

func TestBuildShim(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the shim is built for wine, which runs on Linux; Windows has the real bcryptprimitives.dll")
	}
	gcc, err := find(mingwTool)
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	dll, err := BuildShim(context.Background(), gcc, dir)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(dll)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("MZ")) || !bytes.Contains(data, []byte("ProcessPrng\x00")) {
		t.Errorf("%s is not a PE file exporting ProcessPrng", dll)
	}
	if filepath.Base(dll) != shimDLL {
		t.Errorf("shim is named %s, want %s", filepath.Base(dll), shimDLL)
	}
	before, _ := os.Stat(dll)
	time.Sleep(10 * time.Millisecond)
	again, err := BuildShim(context.Background(), gcc, dir)
	if after, _ := os.Stat(again); err != nil || again != dll || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("second BuildShim = %s, %v; want the same DLL reused", again, err)
	}
}

func TestRunSkipsMissingEmulators(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	defer func(old func(string) (string, error)) { lookPath = old }(lookPath)
	lookPath = func(name string) (string, error) { // a machine with Go and nothing else
		if name == "go" {
			return goBin, nil
		}
		return "", exec.ErrNotFound
	}
	targets := []string{"windows/amd64", "linux/arm64"}
	for _, target := range targets {
		if target == runtime.GOOS+"/"+runtime.GOARCH {
			t.Skipf("%s is this machine: it would run natively", target)
		}
	}
	var out bytes.Buffer
	opts := Options{Packages: []string{"./nonexistent"}, Targets: targets, Stdout: &out}
	if err := Run(context.Background(), opts); err != nil {
		t.Fatalf("Run without Require: %v, want skips", err)
	}
	for _, target := range targets {
		if !strings.Contains(out.String(), "emulate: "+target+": SKIP: ") {
			t.Errorf("output lacks a SKIP line for %s:\n%s", target, &out)
		}
	}
	opts.Require = true
	err = Run(context.Background(), opts)
	var missing *MissingError
	if !errors.As(err, &missing) {
		t.Fatalf("Run with Require: %v, want a MissingError", err)
	}
	if runtime.GOOS == "linux" {
		for _, want := range []string{"wine64 not found", "Debian package wine64", "qemu-aarch64-static not found", "qemu-user-static"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("Run with Require: %v, want it to say %q", err, want)
			}
		}
	}
}

func TestRunUnknownTarget(t *testing.T) {
	err := Run(context.Background(), Options{Targets: []string{"plan9/386"}})
	if err == nil || !strings.Contains(err.Error(), `"plan9/386"`) || !strings.Contains(err.Error(), strings.Join(Targets, ", ")) {
		t.Errorf("Run with an unknown target: %v, want an error naming it and listing %v", err, Targets)
	}
}
