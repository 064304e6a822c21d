//go:build unix

package emulate

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// lockDir holds an exclusive lock on dir/.lock until the returned function
// is called, so that two runs (two mage invocations, say) never build the
// same wine prefix at once. The kernel drops the lock if the process dies.
func lockDir(dir string) (unlock func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("emulate: %w", err)
	}
	f, err := os.OpenFile(dir+"/.lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("emulate: %w", err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("emulate: locking %s: %w", f.Name(), err)
	}
	return func() { f.Close() }, nil
}
