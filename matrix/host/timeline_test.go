package host

import (
	"testing"

	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

func TestBin(t *testing.T) {
	tests := []struct{ index, bin int }{
		{-1, 0}, {0, 0}, {1, 1}, {2, 2}, {3, 2}, {4, 3}, {7, 3}, {8, 4}, {15, 4}, {16, 5},
		{2999, 12}, {1<<38 - 1, 38}, {1 << 38, 39}, {1 << 45, MaxBins - 1},
	}
	for _, tt := range tests {
		if got := Bin(tt.index); got != tt.bin {
			t.Errorf("Bin(%d) = %d, want %d", tt.index, got, tt.bin)
		}
	}
}

func TestBinRangeAndOps(t *testing.T) {
	tests := []struct{ bin, first, last, opsOf3000 int }{
		{0, 1, 1, 1}, {1, 2, 2, 1}, {2, 3, 4, 2}, {3, 5, 8, 4}, {11, 1025, 2048, 1024}, {12, 2049, 4096, 952}, {13, 4097, 8192, 0},
	}
	for _, tt := range tests {
		first, last := hostresult.BinRange(tt.bin)
		if first != tt.first || last != tt.last || hostresult.BinOps(tt.bin, 3000) != tt.opsOf3000 {
			t.Errorf("bin %d: range %d..%d, %d of 3000 ops; want %d..%d, %d", tt.bin, first, last, hostresult.BinOps(tt.bin, 3000), tt.first, tt.last, tt.opsOf3000)
		}
		// Every operation number in the range maps back to the bin.
		if Bin(first-1) != tt.bin || Bin(last-1) != tt.bin {
			t.Errorf("bin %d: Bin(%d) = %d, Bin(%d) = %d", tt.bin, first-1, Bin(first-1), last-1, Bin(last-1))
		}
	}
	for _, tt := range []struct{ ops, bins int }{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 3}, {5, 4}, {3000, 13}, {20000, 16}} {
		total := 0
		for k := range Bins(tt.ops) {
			total += hostresult.BinOps(k, tt.ops)
		}
		if Bins(tt.ops) != tt.bins || total != tt.ops {
			t.Errorf("Bins(%d) = %d holding %d ops; want %d bins holding all", tt.ops, Bins(tt.ops), total, tt.bins)
		}
	}
}

// A sample's timeline has one bin per log2 step of its operations, every bin positive (each holds at
// least one operation), and its sum is every goroutine's busy time.
func TestRunTimeline(t *testing.T) {
	for _, dop := range []int{1, 3} {
		r := run(t, "control", params(workload.Mixed(), dop, Cold, 100, 0))
		if len(r.TimelineNs) != Bins(100) {
			t.Fatalf("dop %d: %d bins, want %d", dop, len(r.TimelineNs), Bins(100))
		}
		var sum int64
		for k, ns := range r.TimelineNs {
			if ns <= 0 {
				t.Errorf("dop %d: bin %d holds %d ns", dop, k, ns)
			}
			sum += ns
		}
		// At DOP 1 the operations fill the region back to back; at DOP 3 they overlap, up to 3x.
		if sum > int64(dop)*r.ElapsedNs {
			t.Errorf("dop %d: timeline sums to %d ns, elapsed %d ns", dop, sum, r.ElapsedNs)
		}
		if dop == 1 && sum < r.ElapsedNs/2 {
			t.Errorf("dop 1: timeline sums to %d ns, less than half of elapsed %d ns", sum, r.ElapsedNs)
		}
	}
}

func TestCalibrate(t *testing.T) {
	out := make([]byte, 2816)
	c, err := Calibrate(out, workload.Mixed(), 2000, 3)
	if err != nil {
		t.Fatal(err)
	}
	if c.NsPerOp <= 0 || c.Ops != 2000 || c.Repeats != 3 || c.OutputBytes != 2816 {
		t.Errorf("calibration %+v", c)
	}
	if _, err := Calibrate(out, workload.Mixed(), 0, 3); err == nil {
		t.Error("0 ops accepted")
	}
}
