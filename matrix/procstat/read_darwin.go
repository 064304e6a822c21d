package procstat

// maxrssUnit: macOS getrusage reports ru_maxrss in bytes.
const maxrssUnit = 1

// Read returns the process's fault counts and peak resident set from
// getrusage; current RSS and private bytes are not reported (0).
func Read() (Snapshot, error) {
	var s Snapshot
	err := rusage(&s)
	return s, err
}
