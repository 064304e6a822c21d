//go:build !linux && !darwin && !windows

package procstat

import (
	"errors"
	"fmt"
	"runtime"
)

// Read is not implemented on this OS.
func Read() (Snapshot, error) {
	return Snapshot{}, fmt.Errorf("procstat: Read on %s: %w", runtime.GOOS, errors.ErrUnsupported)
}
