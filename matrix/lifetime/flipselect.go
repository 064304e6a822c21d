package lifetime

import "math"

// A flip set whose intervals all hold the estimate (every lo <= estimate <= every hi, which is what the
// arithmetic gives unless rounding moves an end past it) is read without sorting its ends: left of the
// estimate no interval closes, so the count at r is always + weight * #{lo <= r}; right of it none opens,
// always + weight * #{hi >= r}. Then the interval's ends are order statistics (a selection, linear time)
// and a p-value a count - the same numbers the sorted scans give, without the two sorts that were most
// of a merged report's label-swap calibration. A set where rounding broke that is sorted and scanned.

// ordered sorts the set's ends unless every interval holds the estimate (then they stay in draw order
// and the selection path reads them).
func (f *flipSet) ordered() {
	for i := range f.los {
		if !(f.los[i] <= f.estimate && f.his[i] >= f.estimate) { // a NaN end fails too
			sortFloats(f.los)
			sortFloats(f.his)
			f.sorted = true
			return
		}
	}
}

// countUnsorted is countAt by counting (any order of the ends).
func (f flipSet) countUnsorted(r float64) int {
	in := 0
	for i := range f.los {
		if f.los[i] <= r {
			in++
		}
		if f.his[i] < r {
			in--
		}
	}
	return f.always + f.weight*in
}

// intervalSelected is interval for a set whose intervals all hold the estimate: the left end is the
// smallest lo at which always + weight * #{lo' <= lo} exceeds the threshold, that is the k-th smallest lo
// for the smallest such k, and the right end the k-th largest hi.
func (f flipSet) intervalSelected(conf float64) (lo, hi float64) {
	thr := (1 - conf) * float64(f.total)
	if float64(f.always) > thr {
		return math.NaN(), math.NaN()
	}
	k := 1
	for k <= len(f.los) && !(float64(f.always+f.weight*k) > thr) {
		k++
	}
	lo, hi = f.estimate, f.estimate
	if k <= len(f.los) {
		lo = nthSmallest(f.los, k-1)
		hi = nthSmallest(f.his, len(f.his)-k)
	}
	return min(lo, f.estimate), max(hi, f.estimate)
}

// pHullSelected is pHull for a set whose intervals all hold the estimate: the count is largest at r0
// itself on the side away from the estimate.
func (f flipSet) pHullSelected(r0 float64) float64 {
	if r0 == f.estimate {
		return 1
	}
	return min(1, float64(f.countUnsorted(r0))/float64(f.total))
}

// nthSmallest is the value x would hold at index k sorted ascending; it reorders x (Hoare's selection).
func nthSmallest(x []float64, k int) float64 {
	lo, hi := 0, len(x)-1
	for lo < hi {
		pivot := x[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for x[i] < pivot {
				i++
			}
			for x[j] > pivot {
				j--
			}
			if i <= j {
				x[i], x[j] = x[j], x[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return x[k]
		}
	}
	return x[k]
}
