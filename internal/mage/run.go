package main

import (
	"context"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/magefile/mage/mage"
	"github.com/magefile/mage/sh"

	"github.com/deflatelab/deflatelab/internal/lifeline"
)

// repeatWindow: a signal within this long of the one forwarded before is the same stop arriving twice
// (a terminal's Ctrl-C reaches this process and the go command, which forwards it again; a kill of the
// process group likewise) and is not forwarded; a later one is the user insisting, and is (the
// magefile's second interrupt ends it at once).
const repeatWindow = 2 * time.Second

// stopper catches SIGINT and SIGTERM for this process's life and forwards them to the running magefile.
type stopper struct {
	ch    chan os.Signal
	mu    sync.Mutex
	first os.Signal   // the first signal received, nil if none
	last  time.Time   // when a signal was last forwarded
	child *os.Process // the running magefile, nil before it starts
}

// catchSignals starts catching stopSignals; release stops.
func catchSignals() *stopper {
	s := &stopper{ch: make(chan os.Signal, 8)}
	signal.Notify(s.ch, stopSignals...)
	go func() {
		for sig := range s.ch {
			s.mu.Lock()
			if s.first == nil {
				s.first = sig
			}
			if s.child != nil && time.Since(s.last) > repeatWindow {
				s.last = time.Now()
				forward(s.child, sig)
			}
			s.mu.Unlock()
		}
	}()
	return s
}

func (s *stopper) release() { signal.Stop(s.ch) }

// received is the first signal caught, or nil.
func (s *stopper) received() os.Signal {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.first
}

// started records the magefile's process, forwarding a signal that came while it started.
func (s *stopper) started(p *os.Process) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.child = p
	if s.first != nil {
		s.last = time.Now()
		forward(p, s.first)
	}
}

// runCompiled runs the compiled magefile as upstream's mage.RunCompiled does (same arguments,
// directory and MAGEFILE_* variables), but in a process group of its own that dies with this process
// (lifeline.Start: SIGTERM on Linux, so that it can still write what it must; a job object on
// Windows), with SIGINT and SIGTERM forwarded to it (stopper). Interrupted, it returns 128 + the
// signal's number whatever the magefile returned; otherwise the magefile's exit status.
func runCompiled(inv mage.Invocation, exe string, errlog *log.Logger, stop *stopper) int {
	c := exec.CommandContext(context.Background(), exe, inv.Args...)
	c.Stderr, c.Stdout, c.Stdin = inv.Stderr, inv.Stdout, inv.Stdin
	c.Dir = inv.Dir
	if inv.WorkDir != inv.Dir {
		c.Dir = inv.WorkDir
	}
	c.Env = append(os.Environ(), mageVars(inv)...)
	ownGroup(c)
	if err := lifeline.Start(c, syscall.SIGTERM); err != nil {
		errlog.Printf("failed to run compiled magefile: %v", err)
		return 1
	}
	stop.started(c.Process)
	err := c.Wait()
	if sig := stop.received(); sig != nil {
		errlog.Printf("mage: stopped by %v", sig)
		return exitCode(sig)
	}
	if !sh.CmdRan(err) {
		errlog.Printf("failed to run compiled magefile: %v", err)
	}
	return sh.ExitStatus(err)
}

// mageVars are the MAGEFILE_* variables upstream's RunCompiled passes the compiled magefile.
func mageVars(inv mage.Invocation) []string {
	var env []string
	add := func(on bool, kv string) {
		if on {
			env = append(env, kv)
		}
	}
	add(inv.Verbose, "MAGEFILE_VERBOSE=1")
	add(inv.List, "MAGEFILE_LIST=1")
	add(inv.Help, "MAGEFILE_HELP=1")
	add(inv.Debug, "MAGEFILE_DEBUG=1")
	add(inv.GoCmd != "", "MAGEFILE_GOCMD="+inv.GoCmd)
	add(inv.Timeout > 0, "MAGEFILE_TIMEOUT="+inv.Timeout.String())
	return env
}

// exitCode is the shell's status for a process ended by sig: 128 + its number (130 SIGINT, 143 SIGTERM).
func exitCode(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}
