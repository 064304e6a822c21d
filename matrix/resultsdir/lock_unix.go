//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package resultsdir

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes an flock on f without waiting (exclusive, or shared to test whether a writer holds it):
// got is false when another open file holds a conflicting one. flock locks belong to the open file, so a
// second open in the same process conflicts too, and the kernel drops them when the process dies.
func tryLock(f *os.File, exclusive bool) (got bool, err error) {
	how := unix.LOCK_SH
	if exclusive {
		how = unix.LOCK_EX
	}
	for {
		err = unix.Flock(int(f.Fd()), how|unix.LOCK_NB)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	if errors.Is(err, unix.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

func unlock(f *os.File) error { return unix.Flock(int(f.Fd()), unix.LOCK_UN) }
