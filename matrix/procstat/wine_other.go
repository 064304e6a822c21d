//go:build !windows

package procstat

// WineVersion returns "": only a Windows binary can run under wine.
func WineVersion() string { return "" }
