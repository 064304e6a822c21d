//go:build !unix

package tasks

// InterruptOnTerm does nothing where there is no SIGTERM (Windows: a console's Ctrl-C is the stop).
func InterruptOnTerm() {}
