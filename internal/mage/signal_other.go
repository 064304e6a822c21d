//go:build !unix

package main

import (
	"os"
	"os/exec"
)

// stopSignals: on Windows a console's Ctrl-C reaches every process attached to it, the magefile too.
var stopSignals = []os.Signal{os.Interrupt}

// ownGroup leaves the magefile in the console's group, where Ctrl-C reaches it directly.
func ownGroup(*exec.Cmd) {}

// forward does nothing: the magefile got the console's Ctrl-C itself (and Windows cannot send one to
// a single process).
func forward(*os.Process, os.Signal) {}
