//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// lockFile takes an exclusive lock on path (created if missing), waiting for it; the kernel drops it
// if the process dies, so a killed mage never leaves a lock behind.
func lockFile(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	for {
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil // closing the file releases the lock
}
