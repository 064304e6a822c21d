//go:build !linux && !windows

package procstat

// processor cannot say on this OS.
func processor() int { return -1 }

func processorMethod() string { return "" }
