package host

import "testing"

func TestBusy(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    Result
		want bool
	}{
		{"linux quiet", Result{LoadBefore: 1.2, LoadAfter: 1.9, Env: Env{NumCPU: 2}}, false},
		{"linux at the cores", Result{LoadBefore: 2, LoadAfter: 2, Env: Env{NumCPU: 2}}, false},
		{"linux busy before", Result{LoadBefore: 2.5, LoadAfter: 1, Env: Env{NumCPU: 2}}, true},
		{"linux busy after", Result{LoadBefore: 0.5, LoadAfter: 9, Env: Env{NumCPU: 8}}, true},
		{"windows quiet", Result{OtherCPU: 0.4, Env: Env{NumCPU: 4}}, false},
		{"windows busy", Result{OtherCPU: 1.5, Env: Env{NumCPU: 4}}, true},
		{"not recorded", Result{Env: Env{NumCPU: 2}}, false},
		// With processor times measured, the load average (which counts the runner's own hosts) is ignored.
		{"linux measured, own load only", Result{LoadBefore: 2.3, LoadAfter: 2.3, OtherCPUMeasured: true, Env: Env{NumCPU: 2}}, false},
		{"linux measured, others busy", Result{LoadBefore: 1, LoadAfter: 1, OtherCPU: 1.2, OtherCPUMeasured: true, Env: Env{NumCPU: 2}}, true},
		// The share a sample should get depends on its DOP (issue 27: DOP 8 inside a 2-core burst read 0.93).
		{"DOP 8 in a 2-core burst", Result{DOP: 8, OtherCPU: 0.93, OtherCPUMeasured: true, Env: Env{NumCPU: 2}}, true},
		{"DOP 2 on 2, others half a processor", Result{DOP: 2, OtherCPU: 0.5, OtherCPUMeasured: true, Env: Env{NumCPU: 2}}, true},
		{"DOP 4 on 2, quiet run's highest", Result{DOP: 4, OtherCPU: 0.31, OtherCPUMeasured: true, Env: Env{NumCPU: 2}}, false},
		{"DOP 1 on 2, the other processor taken", Result{DOP: 1, OtherCPU: 0.93, OtherCPUMeasured: true, Env: Env{NumCPU: 2}}, false},
		{"DOP 1 on 2, more than a processor", Result{DOP: 1, OtherCPU: 1.0, OtherCPUMeasured: true, Env: Env{NumCPU: 2}}, true},
		{"DOP 2 on 8, six spare", Result{DOP: 2, OtherCPU: 0.9, OtherCPUMeasured: true, Env: Env{NumCPU: 8}}, false},
		{"DOP 8 on 8", Result{DOP: 8, OtherCPU: 0.6, OtherCPUMeasured: true, Env: Env{NumCPU: 8}}, true},
		{"DOP unknown", Result{OtherCPU: 0.9, OtherCPUMeasured: true, Env: Env{NumCPU: 2}}, false},
	} {
		if got := tc.r.Busy(); got != tc.want {
			t.Errorf("%s: Busy() = %v, want %v", tc.name, got, tc.want)
		}
	}
}
