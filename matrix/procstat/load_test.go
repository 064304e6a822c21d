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
		{"no readings (Linux)", Load{Avg1: 3}, Load{Avg1: 4}, 1e9, 0},
		{"no time", Load{SystemTotal: 1}, Load{SystemBusy: 1e7, SystemTotal: 4e7}, 0, 0},
	} {
		if got := OtherBusy(tc.before, tc.after, tc.wallNs); got != tc.want {
			t.Errorf("%s: OtherBusy = %v, want %v", tc.name, got, tc.want)
		}
	}
}
