package emulate

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// dllOverrides: bcryptprimitives=n,b prefers the shim over a builtin, should
// a wine version ship one without ProcessPrng; "mscoree,mshtml=" disables
// wine's offer to install .NET and Gecko, which would hang a headless boot.
const dllOverrides = "bcryptprimitives=n,b;mscoree,mshtml="

// windowsVersion is what the prefix claims to be. Wine 8 defaults new
// prefixes to Windows 7; Go supports Windows 10 and later.
const windowsVersion = "win10"

// prefixReady marks a prefix whose one-time setup finished; without it the
// prefix is rebuilt from scratch.
const prefixReady = ".deflatelab-ready"

// Wine is a prepared wine prefix and the go test -exec wrapper that runs
// windows/amd64 binaries in it.
type Wine struct {
	Binary  string // the wine64 loader
	Version string // its --version line, e.g. "wine-8.0 (Debian 8.0~repack-4)"
	Prefix  string // WINEPREFIX, under the user cache directory
	Exec    string // shell script for go test -exec
}

// env is the environment every wine call gets, after the caller's.
func (w Wine) env() []string {
	return append(os.Environ(), "WINEPREFIX="+w.Prefix, "WINEDEBUG=-all", "WINEDLLOVERRIDES="+dllOverrides)
}

// PrepareWine makes (once) a wine prefix in cacheDir/wine, builds the
// ProcessPrng shim with gcc and installs it as the prefix's
// system32\bcryptprimitives.dll, and writes the -exec wrapper script
// cacheDir/wine-exec.sh. Progress goes to log.
func PrepareWine(ctx context.Context, wineBin, gcc, cacheDir string, log io.Writer) (Wine, error) {
	w := Wine{Binary: wineBin, Prefix: filepath.Join(cacheDir, "wine"), Exec: filepath.Join(cacheDir, "wine-exec.sh")}
	out, err := exec.CommandContext(ctx, wineBin, "--version").Output()
	if err != nil {
		return w, fmt.Errorf("emulate: %s --version: %w", wineBin, err)
	}
	w.Version = strings.TrimSpace(string(out))
	unlock, err := lockDir(cacheDir)
	if err != nil {
		return w, err
	}
	defer unlock()
	if _, err := os.Stat(filepath.Join(w.Prefix, prefixReady)); err != nil {
		if err := w.initPrefix(ctx, log); err != nil {
			return w, err
		}
	}
	dll, err := BuildShim(ctx, gcc, cacheDir)
	if err != nil {
		return w, err
	}
	if err := installFile(dll, filepath.Join(w.Prefix, "drive_c", "windows", "system32", shimDLL)); err != nil {
		return w, fmt.Errorf("emulate: installing %s: %w", shimDLL, err)
	}
	if err := writeFileAtomic(w.Exec, []byte(WrapperScript(w.Binary, w.Prefix)), 0o755); err != nil {
		return w, fmt.Errorf("emulate: writing the -exec wrapper: %w", err)
	}
	return w, nil
}

// initPrefix builds the prefix from scratch: wineboot --init, then the
// Windows version. The ready marker is written last.
func (w Wine) initPrefix(ctx context.Context, log io.Writer) error {
	fmt.Fprintf(log, "emulate: creating wine prefix %s (once)\n", w.Prefix)
	if err := os.RemoveAll(w.Prefix); err != nil {
		return fmt.Errorf("emulate: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(w.Prefix), 0o755); err != nil {
		return fmt.Errorf("emulate: %w", err)
	}
	steps := [][]string{
		{"wineboot", "--init"},
		{"reg", "add", `HKCU\Software\Wine`, "/v", "Version", "/t", "REG_SZ", "/d", windowsVersion, "/f"},
	}
	for _, args := range steps {
		cmd := exec.CommandContext(ctx, w.Binary, args...)
		cmd.Env = w.env()
		if msg, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("emulate: %s %s: %w\n%s", w.Binary, strings.Join(args, " "), err, msg)
		}
	}
	return os.WriteFile(filepath.Join(w.Prefix, prefixReady), []byte(w.Version+"\n"+windowsVersion+"\n"), 0o644)
}

// WrapperScript is the go test -exec wrapper: it runs its arguments (the
// test binary, then its flags) under wine in prefix, with wine's own
// diagnostics off so the test output is the binary's alone.
func WrapperScript(wineBin, prefix string) string {
	return fmt.Sprintf(`#!/bin/sh
# go test -exec wrapper: runs a windows/amd64 binary under wine.
# Written by github.com/deflatelab/deflatelab/internal/emulate; do not edit.
export WINEPREFIX=%s
export WINEDEBUG=-all
export WINEDLLOVERRIDES=%s
exec %s "$@"
`, shellQuote(prefix), shellQuote(dllOverrides), shellQuote(wineBin))
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// installFile copies src to dst unless dst already has the same bytes.
func installFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if old, err := os.ReadFile(dst); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return writeFileAtomic(dst, data, 0o755)
}

// writeFileAtomic writes through a temporary file and a rename, so no reader
// ever sees a half-written file.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := firstErr(werr, cerr, os.Chmod(tmp.Name(), perm)); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// firstErr returns the first non-nil error.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
