package emulate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// serverBusy is wineserver's exit status when another server already holds the prefix's lock.
const serverBusy = 2

// warmUp is the program that starts a fresh server's services: wine's builtin cmd, exiting at once.
var warmUp = []string{"cmd", "/c", "exit"}

// serverStopTimeout bounds stopping the server: killing a prefix's processes takes well under a second.
const serverStopTimeout = 30 * time.Second

// ServerBinary finds the wineserver that belongs to the wine loader w.Binary: beside it (Debian puts
// both in /usr/lib/wine, as wine64 and wineserver64), else on PATH.
func (w Wine) ServerBinary() (string, error) {
	dir := filepath.Dir(w.Binary)
	for _, name := range []string{"wineserver64", "wineserver"} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return filepath.Join(dir, name), nil
		}
	}
	if p, err := lookPath("wineserver"); err == nil {
		return p, nil
	}
	return "", &MissingError{What: "wineserver", Hint: "install the Debian package wine64"}
}

// StartServer starts a persistent wineserver for the prefix (wineserver -p), with its standard streams
// on /dev/null, runs one program (warmUp) on /dev/null too, and returns the function that stops the
// server (wineserver -k, then -w).
//
// Why: the first wine program of a prefix starts the server, which inherits that program's stdout and
// stderr and keeps them open for as long as it lives, so whoever reads the program's output sees no end
// of it after the program exits; so do the prefix's services, which the first program starts. A server
// and services started first, on streams of their own, leave every program's pipes to the program
// alone. (Measured with wine 8.0: of eight runs of a host -describe, 5 s apart, read through pipes
// with a 1 s WaitDelay, 7 hit exec.ErrWaitDelay with no server started first, 1 (the first) with the
// server alone, none with the server and the warm-up program.)
//
// wineserver -p returns once the server holds the prefix's lock and listens. When a server already
// runs for the prefix (exit status 2) it is used as it is and the returned stop does nothing: it is
// not this process's to stop. Stopping ends every wine process of the prefix, so the prefix should be
// one only its caller uses (BenchPrefix).
func (w Wine) StartServer(ctx context.Context, log io.Writer) (stop func() error, err error) {
	server, err := w.ServerBinary()
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, server, "-p")
	cmd.Env = w.env() // stdin, stdout and stderr stay nil: /dev/null
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		fmt.Fprintf(log, "emulate: started a persistent %s for %s\n", filepath.Base(server), w.Prefix)
	case errors.As(err, &ee) && ee.ExitCode() == serverBusy:
		fmt.Fprintf(log, "emulate: a wineserver already runs for %s; using it, and leaving it running\n", w.Prefix)
		return func() error { return nil }, nil
	default:
		return nil, fmt.Errorf("emulate: %s -p: %w", server, err)
	}
	stop = func() error {
		ctx, cancel := context.WithTimeout(context.Background(), serverStopTimeout)
		defer cancel()
		for _, flag := range []string{"-k", "-w"} { // kill the prefix's processes and the server; wait for it
			c := exec.CommandContext(ctx, server, flag)
			c.Env = w.env()
			if out, err := c.CombinedOutput(); err != nil && flag == "-w" {
				return fmt.Errorf("emulate: stopping the wineserver of %s: %s %s: %w\n%s", w.Prefix, server, flag, err, out)
			}
		}
		fmt.Fprintf(log, "emulate: stopped the wineserver of %s\n", w.Prefix)
		return nil
	}
	// The first program of a fresh server starts the prefix's services (services.exe, winedevice.exe,
	// explorer.exe...), which inherit its streams and outlive it; a program of our own, on /dev/null,
	// takes that turn.
	warm := exec.CommandContext(ctx, w.Binary, warmUp...)
	warm.Env = w.env() // streams nil, so /dev/null: never a pipe that the services would keep open
	if err := warm.Run(); err != nil {
		return nil, errors.Join(fmt.Errorf("emulate: starting the prefix's services: %s %s: %w", w.Binary, strings.Join(warmUp, " "), err), stop())
	}
	return stop, nil
}
