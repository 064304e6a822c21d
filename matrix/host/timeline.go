package host

import (
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// timeline is one goroutine's per-bin sum of operation durations, in ns. It is a fixed-size array so
// that recording an operation is an index and an add: no allocation, no call.
type timeline [hostresult.MaxBins]int64

// add merges t into the sum of every goroutine's timelines.
func (t *timeline) add(o *timeline) {
	for k := range t {
		t[k] += o[k]
	}
}

// slice is the first n bins, for the result.
func (t *timeline) slice(n int) []int64 { return append([]int64(nil), t[:n]...) }
