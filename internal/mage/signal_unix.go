//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
)

// stopSignals are the signals that stop a target: Ctrl-C, and SIGTERM (a CI step's timeout or cancel,
// kill, a service manager).
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// ownGroup puts the magefile in a process group of its own, so that a signal to this process's group
// reaches it once, through forward, and not twice (the magefile's second interrupt would end it
// without letting its target finish).
func ownGroup(c *exec.Cmd) {
	if c.SysProcAttr == nil {
		c.SysProcAttr = &syscall.SysProcAttr{}
	}
	c.SysProcAttr.Setpgid = true
}

// forward stops the magefile as a Ctrl-C would: mage's generated main cancels the target's context on
// SIGINT (and the lab's magefile treats SIGTERM alike), so both are sent as SIGINT.
func forward(p *os.Process, _ os.Signal) { p.Signal(os.Interrupt) }
