package emulate

import (
	"context"
	"io"
	"os"
	"path/filepath"
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
	needScripts(t)
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
