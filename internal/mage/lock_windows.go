package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// lockFile takes an exclusive lock on path (created if missing), waiting for it; Windows drops it if
// the process dies, so a killed mage never leaves a lock behind.
func lockFile(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	var ol windows.Overlapped
	if err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK, 0, 1, 0, &ol); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil // closing the handle releases the lock
}
