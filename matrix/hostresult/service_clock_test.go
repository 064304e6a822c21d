package hostresult

import "testing"

// Results recorded with the churn's time/DOP off the clock at every DOP read, above DOP 1, as the wall
// time; DOP 1, other workloads and results already so are left alone.
func TestNormalizeChurnClock(t *testing.T) {
	for _, tt := range []struct {
		name          string
		r             *Result
		wantElapsedNs int64
	}{
		{"old DOP 8", &Result{DOP: 8, ElapsedNs: 9_500, Service: &Service{WallNs: 54_500, ChurnNs: 360_000}}, 54_500},
		{"new DOP 8", &Result{DOP: 8, ElapsedNs: 54_500, Service: &Service{WallNs: 54_500, ChurnNs: 360_000}}, 54_500},
		{"DOP 1", &Result{DOP: 1, ElapsedNs: 62_600, Service: &Service{WallNs: 90_900, ChurnNs: 28_300}}, 62_600},
		{"no service", &Result{DOP: 8, ElapsedNs: 31_900}, 31_900},
		{"no wall time", &Result{DOP: 8, ElapsedNs: 9_500, Service: &Service{}}, 9_500},
	} {
		NormalizeChurnClock(tt.r)
		if tt.r.ElapsedNs != tt.wantElapsedNs {
			t.Errorf("%s: elapsed %d, want %d", tt.name, tt.r.ElapsedNs, tt.wantElapsedNs)
		}
	}
	NormalizeChurnClock(nil) // a failed sample has no result
}
