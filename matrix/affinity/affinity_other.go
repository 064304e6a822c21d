//go:build !linux && !windows

package affinity

import (
	"fmt"
	"runtime"
)

func pin([]int) error {
	return fmt.Errorf("affinity: pinning a process to processors is not supported on %s", runtime.GOOS)
}
