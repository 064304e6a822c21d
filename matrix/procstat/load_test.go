package procstat

import "testing"

func TestOtherBusy(t *testing.T) {
	for _, tc := range []struct {
		name          string
		before, after Load
		wallNs        int64
		want          float64
	}{
		// 1 s of wall time; the system was busy 3 processor-seconds, this process 1: others kept 2 busy.
		{"others", Load{SystemBusy: 0, SystemTotal: 1, Own: 0}, Load{SystemBusy: 3e7, SystemTotal: 4e7, Own: 1e7}, 1e9, 2},
		{"only us", Load{SystemTotal: 1}, Load{SystemBusy: 1e7, SystemTotal: 4e7, Own: 1e7}, 1e9, 0},
		{"clock noise never negative", Load{SystemTotal: 1}, Load{SystemBusy: 1e7, SystemTotal: 4e7, Own: 1.2e7}, 1e9, 0},
		{"no readings (other OS)", Load{Avg1: 3}, Load{Avg1: 4}, 1e9, 0},
		// Two readings of 2 processors with a 10 ms tick may each lag 20 ms: 0.04 processor-seconds off 2.
		{"tick error taken off", Load{SystemTotal: 1}, Load{SystemBusy: 3e7, SystemTotal: 4e7, Own: 1e7, Tick: 1e5, CPUs: 2}, 1e9, 1.96},
		// A 10 ms region cannot tell 20 ms of others' time from the readings' error.
		{"short region reads quiet", Load{SystemTotal: 1}, Load{SystemBusy: 3e5, SystemTotal: 4e5, Own: 1e5, Tick: 1e5, CPUs: 2}, 1e7, 0},
		{"no time", Load{SystemTotal: 1}, Load{SystemBusy: 1e7, SystemTotal: 4e7}, 0, 0},
	} {
		if got := OtherBusy(tc.before, tc.after, tc.wallNs); got != tc.want {
			t.Errorf("%s: OtherBusy = %v, want %v", tc.name, got, tc.want)
		}
	}
}
