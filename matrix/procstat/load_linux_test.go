package procstat

import (
	"runtime"
	"testing"
)

func TestParseLoadavg(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"0.52 0.58 0.59 1/467 12345\n", 0.52, true},
		{"13.00 7.1 2 9/900 1", 13, true},
		{"", 0, false},
		{"x 1 2", 0, false},
		{"-1 0 0", 0, false},
	} {
		l, err := parseLoadavg(tc.in)
		if (err == nil) != tc.ok || l.Avg1 != tc.want {
			t.Errorf("parseLoadavg(%q) = %v, %v; want %v ok %v", tc.in, l.Avg1, err, tc.want, tc.ok)
		}
	}
	if l, err := ReadLoad(); err != nil || l.Avg1 < 0 {
		t.Errorf("ReadLoad() = %+v, %v", l, err)
	}
}

func TestParseProcStatCPU(t *testing.T) {
	for _, tc := range []struct {
		in                 string
		busy, total, steal int64
		ok                 bool
	}{
		// user nice system idle iowait irq softirq steal guest guest_nice
		{"cpu  100 5 50 1000 20 3 2 10 0 0\ncpu0 1 2 3 4 5 6 7 8\n", (100 + 5 + 50 + 3 + 2 + 10) * 1e5, 1190 * 1e5, 10 * 1e5, true},
		{"cpu 1 2 3 4 5 6 7 8", (1 + 2 + 3 + 6 + 7 + 8) * 1e5, 36 * 1e5, 8 * 1e5, true},
		{"cpu 1 2 3 4 5 6 7 0", (1 + 2 + 3 + 6 + 7) * 1e5, 28 * 1e5, 0, true},
		{"cpu0 1 2 3 4 5 6 7 8", 0, 0, 0, false},
		{"cpu 1 2 3", 0, 0, 0, false},
		{"cpu 1 2 x 4 5 6 7 8", 0, 0, 0, false},
		{"", 0, 0, 0, false},
	} {
		busy, total, steal, err := parseProcStatCPU(tc.in)
		if (err == nil) != tc.ok || busy != tc.busy || total != tc.total || steal != tc.steal {
			t.Errorf("parseProcStatCPU(%q) = %d, %d, %d, %v; want %d, %d, %d, ok %v", tc.in, busy, total, steal, err, tc.busy, tc.total, tc.steal, tc.ok)
		}
	}
}

// TestLoadProcessorTimes spins this process for a while: its own processor time must advance, and the
// system's busy time must cover it (to within /proc/stat's tick on each processor), since the system's
// busy time includes this process.
func TestLoadProcessorTimes(t *testing.T) {
	l0, err := ReadLoad()
	if err != nil {
		t.Fatal(err)
	}
	start := Now()
	x := 0
	for Now()-start < 300e6 {
		x++
	}
	l1, err := ReadLoad()
	if err != nil {
		t.Fatal(err)
	}
	own, busy := l1.Own-l0.Own, l1.SystemBusy-l0.SystemBusy
	slack := int64(2*runtime.NumCPU()) * hundredNsPerTick
	if own <= 0 || busy+slack < own || l1.SystemTotal <= l0.SystemTotal {
		t.Fatalf("after a 300 ms spin (x=%d): own +%d, system busy +%d (slack %d), total %d -> %d (100 ns units)",
			x, own, busy, slack, l0.SystemTotal, l1.SystemTotal)
	}
	t.Logf("own %.2f processors, others %.2f", float64(own)*100/float64(Now()-start), OtherBusy(l0, l1, Now()-start))
}
