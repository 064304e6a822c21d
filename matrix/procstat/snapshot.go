// Package procstat reads what the operating system did for this process:
// page faults, resident and private memory now and at peak, and a precise
// monotonic clock, plus a one-line description of the CPU and OS. Hosts
// read a Snapshot before and after a phase and report the difference.
package procstat

// Snapshot is the process's memory counters at one moment. Faults are
// counts since process start; the rest are bytes. A field the OS does not
// report is 0.
//
//   - MinorFaults: faults served without I/O (Linux, macOS). On Windows it is
//     PageFaultCount, which counts ALL faults, soft and hard, and MajorFaults
//     is 0: compare Windows faults with Linux minor+major faults.
//   - MajorFaults: faults that needed I/O (Linux, macOS).
//   - RSS / PeakRSS: resident set (Windows: working set) now and at peak.
//     macOS reports only the peak.
//   - Private / PeakPrivate: Windows: private committed bytes (PrivateUsage)
//     and their peak (PeakPagefileUsage). Linux: resident anonymous pages
//     (statm resident minus shared), no peak.
type Snapshot struct {
	MinorFaults, MajorFaults, RSS, PeakRSS, Private, PeakPrivate int64
}

// Faults is every fault counted, minor and major: the one figure that
// means the same on every OS.
func (s Snapshot) Faults() int64 { return s.MinorFaults + s.MajorFaults }

// Sub returns the change from earlier to s, field by field. Peaks and
// current sizes subtract like counters, so a negative RSS delta means the
// process shrank.
func (s Snapshot) Sub(earlier Snapshot) Snapshot {
	return Snapshot{
		MinorFaults: s.MinorFaults - earlier.MinorFaults,
		MajorFaults: s.MajorFaults - earlier.MajorFaults,
		RSS:         s.RSS - earlier.RSS,
		PeakRSS:     s.PeakRSS - earlier.PeakRSS,
		Private:     s.Private - earlier.Private,
		PeakPrivate: s.PeakPrivate - earlier.PeakPrivate,
	}
}
