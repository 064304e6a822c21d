package procstat

import "golang.org/x/sys/unix"

// CPUModel returns machdep.cpu.brand_string, or "unknown".
func CPUModel() string {
	if s, err := unix.Sysctl("machdep.cpu.brand_string"); err == nil && s != "" {
		return s
	}
	return "unknown"
}

// OSVersion returns "macOS <product version>" (kern.osproductversion),
// falling back to the Darwin kernel release.
func OSVersion() string {
	if s, err := unix.Sysctl("kern.osproductversion"); err == nil && s != "" {
		return "macOS " + s
	}
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return "Darwin (uname failed)"
	}
	return "Darwin " + unix.ByteSliceToString(u.Release[:])
}
