package emulate

import (
	"errors"
	"os/exec"
	"runtime"
	"testing"
)

// scriptsRunnable says why the tests that execute fake tools (shell scripts without an extension, the
// wine wrapper) cannot run on goos, or nil when they can: a POSIX shell must be on PATH, and the OS must
// execute a script by its #! line. Windows does neither, even when Git's sh.exe is on PATH, as it is on
// GitHub's Windows images: CreateProcess cannot start a .sh file or find an extension-less one.
func scriptsRunnable(goos string, lookPath func(string) (string, error)) error {
	if goos == "windows" {
		return errors.New("Windows does not execute #! scripts (the fake tools and the wine wrapper are scripts)")
	}
	if _, err := lookPath("sh"); err != nil {
		return errors.New("no POSIX shell")
	}
	return nil
}

// needScripts skips a test that executes shell scripts where they cannot run.
func needScripts(t *testing.T) {
	t.Helper()
	if err := scriptsRunnable(runtime.GOOS, exec.LookPath); err != nil {
		t.Skip(err)
	}
}

func TestScriptsRunnable(t *testing.T) {
	found := func(string) (string, error) { return `C:\Program Files\Git\bin\sh.exe`, nil }
	missing := func(string) (string, error) { return "", exec.ErrNotFound }
	tests := []struct {
		goos string
		look func(string) (string, error)
		ok   bool
	}{
		{"linux", found, true},
		{"darwin", found, true},
		{"linux", missing, false},
		{"windows", found, false}, // Git for Windows' sh on PATH, as on GitHub's images
		{"windows", missing, false},
	}
	for _, tt := range tests {
		if err := scriptsRunnable(tt.goos, tt.look); (err == nil) != tt.ok {
			t.Errorf("scriptsRunnable(%s) = %v, want runnable %v", tt.goos, err, tt.ok)
		}
	}
}
