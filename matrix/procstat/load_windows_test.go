package procstat

import (
	"testing"
	"time"
)

// ReadLoad on Windows: processor times that add up, and this process's time growing while it spins.
func TestReadLoadWindows(t *testing.T) {
	before, err := ReadLoad()
	if err != nil {
		t.Fatal(err)
	}
	if before.SystemTotal <= 0 || before.SystemBusy < 0 || before.SystemBusy > before.SystemTotal || before.Own < 0 {
		t.Fatalf("ReadLoad() = %+v: want 0 <= busy <= total, total > 0, own >= 0", before)
	}
	start := time.Now()
	x := 0
	for time.Since(start) < 100*time.Millisecond {
		x++
	}
	after, err := ReadLoad()
	if err != nil {
		t.Fatal(err)
	}
	if after.Own <= before.Own || after.SystemTotal < before.SystemTotal {
		t.Errorf("after spinning %d times: own %d -> %d, total %d -> %d; want both to grow", x, before.Own, after.Own, before.SystemTotal, after.SystemTotal)
	}
	if o := OtherBusy(before, after, time.Since(start).Nanoseconds()); o < 0 {
		t.Errorf("OtherBusy = %v, want >= 0", o)
	}
}
