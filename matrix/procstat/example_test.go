package procstat_test

import (
	"fmt"

	"github.com/deflatelab/deflatelab/matrix/procstat"
)

// A host reads a Snapshot before and after a phase and reports the change.
func ExampleSnapshot_Sub() {
	before := procstat.Snapshot{MinorFaults: 1200, RSS: 8 << 20, PeakRSS: 9 << 20}
	after := procstat.Snapshot{MinorFaults: 1286, MajorFaults: 0, RSS: 9 << 20, PeakRSS: 9 << 20}
	d := after.Sub(before)
	fmt.Printf("%d faults, RSS %+d KiB, peak %d MiB\n", d.Faults(), d.RSS>>10, after.PeakRSS>>20)
	// Output: 86 faults, RSS +1024 KiB, peak 9 MiB
}
