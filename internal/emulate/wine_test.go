package emulate

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// fakeTool writes an executable shell script standing in for wine or gcc.
func fakeTool(t *testing.T, path, body string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestPrepareWine(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no POSIX shell")
	}
	dir := t.TempDir()
	calls := filepath.Join(dir, "calls")
	// The fake wine logs each call and, for wineboot, makes the system32
	// directory a real prefix has; the fake gcc writes a file after -o.
	wine := fakeTool(t, filepath.Join(dir, "wine64"), `
[ "$1" = --version ] && { echo wine-fake-1.0; exit 0; }
echo "$WINEPREFIX $*" >> `+shellQuote(calls)+`
[ "$1" = wineboot ] && mkdir -p "$WINEPREFIX/drive_c/windows/system32"
exit 0
`)
	gcc := fakeTool(t, filepath.Join(dir, "gcc"), `
while [ $# -gt 0 ]; do [ "$1" = -o ] && { echo MZ-fake > "$2"; exit 0; }; shift; done
exit 1
`)
	cache := filepath.Join(dir, "cache")
	for run := 1; run <= 2; run++ {
		w, err := PrepareWine(context.Background(), wine, gcc, cache, io.Discard)
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		if w.Version != "wine-fake-1.0" || w.Prefix != filepath.Join(cache, "wine") {
			t.Errorf("run %d: %+v", run, w)
		}
		dll, err := os.ReadFile(filepath.Join(w.Prefix, "drive_c", "windows", "system32", shimDLL))
		if err != nil || string(dll) != "MZ-fake\n" {
			t.Errorf("run %d: installed shim %q, %v; want the built DLL", run, dll, err)
		}
		script, err := os.ReadFile(w.Exec)
		if err != nil || string(script) != WrapperScript(wine, w.Prefix) {
			t.Errorf("run %d: wrapper %q, %v", run, script, err)
		}
		if fi, err := os.Stat(w.Exec); err != nil || fi.Mode()&0o111 == 0 {
			t.Errorf("run %d: wrapper is not executable: %v %v", run, fi.Mode(), err)
		}
	}
	// wineboot and the version setting ran once: the second run reused the prefix.
	log, _ := os.ReadFile(calls)
	lines := strings.Split(strings.TrimSpace(string(log)), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "wineboot --init") || !strings.Contains(lines[1], "/d "+windowsVersion) {
		t.Errorf("wine calls:\n%s\nwant one wineboot --init and one version setting", log)
	}
}

func TestStartServer(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no POSIX shell")
	}
	for _, tt := range []struct {
		name   string
		status int      // of wineserver -p
		calls  []string // wineserver's arguments, in order, after stop
		fail   bool
	}{
		{"started", 0, []string{"-p", "wine64 cmd /c exit", "-k", "-w"}, false},
		{"already running", serverBusy, []string{"-p"}, false}, // not ours: never stopped
		{"broken", 1, []string{"-p"}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			calls := filepath.Join(dir, "calls")
			// The server must get the prefix's environment and no stream of ours.
			fakeTool(t, filepath.Join(dir, "wineserver64"), `
echo "$WINEPREFIX $*" >> `+shellQuote(calls)+`
if [ "$1" = -p ] && [ -e /proc/$$/fd/2 ] && [ "$(readlink /proc/$$/fd/2)" != /dev/null ]; then exit 9; fi
[ "$1" = -p ] && exit `+strconv.Itoa(tt.status)+`
exit 0
`)
			fakeTool(t, filepath.Join(dir, "wine64"), `echo "$WINEPREFIX wine64 $*" >> `+shellQuote(calls)+"\n")
			w := Wine{Binary: filepath.Join(dir, "wine64"), Prefix: filepath.Join(dir, "prefix")}
			stop, err := w.StartServer(context.Background(), io.Discard)
			if (err != nil) != tt.fail {
				t.Fatalf("StartServer: %v, want failure %v", err, tt.fail)
			}
			if err == nil {
				if err := stop(); err != nil {
					t.Errorf("stop: %v", err)
				}
			}
			log, _ := os.ReadFile(calls)
			var want []string
			for _, c := range tt.calls {
				want = append(want, w.Prefix+" "+c)
			}
			if got := strings.TrimSpace(string(log)); got != strings.Join(want, "\n") {
				t.Errorf("wineserver calls:\n%s\nwant\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}

func TestStartEmulatorRefuses(t *testing.T) {
	for _, tt := range []struct{ target, want string }{
		{runtime.GOOS + "/" + runtime.GOARCH, "run natively"},
		{"plan9/386", `no emulator for "plan9/386"`},
		{"windows/arm64", "nothing here runs windows/arm64"},
	} {
		target, want := tt.target, tt.want
		if target == "windows/arm64" && runtime.GOOS == "windows" && runtime.GOARCH == "arm64" {
			continue // this machine: native
		}
		if _, err := StartEmulator(context.Background(), target, io.Discard); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("StartEmulator(%s): %v, want %q", target, err, want)
		}
	}
}
