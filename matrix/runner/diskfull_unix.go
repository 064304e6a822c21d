//go:build !windows

package runner

import (
	"errors"
	"syscall"
)

// diskFull reports whether err is a write that found no space left on the device.
func diskFull(err error) bool { return errors.Is(err, syscall.ENOSPC) }
