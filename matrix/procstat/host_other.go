//go:build !linux && !darwin && !windows

package procstat

import "runtime"

// CPUModel is not implemented on this OS.
func CPUModel() string { return "unknown" }

// OSVersion returns only the OS name on this OS.
func OSVersion() string { return runtime.GOOS }
