//go:build !linux && !darwin && !windows

package procstat

import (
	"errors"
	"fmt"
	"runtime"
)

// readUsage is not implemented on this OS.
func readUsage() (Usage, error) {
	return Usage{}, fmt.Errorf("procstat: ReadUsage on %s: %w", runtime.GOOS, errors.ErrUnsupported)
}
