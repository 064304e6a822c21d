package resultsdir

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lockOffset is where the locked byte lies: far past the holder's few bytes, because a LockFileEx lock
// is mandatory and a refused writer must still read the holder's name from the start of the file.
const lockOffset = 1 << 40

// tryLock takes a LockFileEx lock on one byte of f without waiting (exclusive, or shared to test
// whether a writer holds it): got is false when another handle holds a conflicting one. Windows drops
// the lock when the holding process dies.
func tryLock(f *os.File, exclusive bool) (got bool, err error) {
	flags := uint32(windows.LOCKFILE_FAIL_IMMEDIATELY)
	if exclusive {
		flags |= windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	ol := &windows.Overlapped{OffsetHigh: lockOffset >> 32}
	err = windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return false, nil
	}
	return err == nil, err
}

func unlock(f *os.File) error {
	ol := &windows.Overlapped{OffsetHigh: lockOffset >> 32}
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, ol)
}
