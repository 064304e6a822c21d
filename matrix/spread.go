package matrix

import (
	"slices"
	"sort"
	"time"
)

// CellSpan is how much of its run one cell's samples spread over.
type CellSpan struct {
	Cell Cell
	// Share is the cell's span (its first sample's start to its last sample's end) as a fraction of
	// the run's (its first sample's start to its last's end); by position in the run's order when the
	// samples have no start times.
	Share float64
	// Contiguous is true when no other cell's sample ran between the cell's first and last: its rounds
	// ran back to back.
	Contiguous bool
}

// RunSpread is how spread one run's cells were over the run: interleaved rounds spread every cell over
// nearly all of it; a run older than interleaving ran each cell as one block.
type RunSpread struct {
	Run string
	// ByTime is true when the spans come from the samples' start times and durations; false for runs
	// older than them, whose spans count samples in the order the results file holds them (the order
	// they ran in).
	ByTime      bool
	Cells       []CellSpan // in the order of each cell's first sample
	Median, Min float64    // of the cells' shares
	Contiguous  int        // cells whose rounds ran back to back
}

// Spread measures, for each run among samples (screened, in the order they were recorded), how spread
// its cells were over it. Runs are in the order of their first sample.
func Spread(samples []Sample) []RunSpread {
	var runs []string
	byRun := map[string][]Sample{}
	for _, s := range samples {
		if byRun[s.Run] == nil {
			runs = append(runs, s.Run)
		}
		byRun[s.Run] = append(byRun[s.Run], s)
	}
	var out []RunSpread
	for _, run := range runs {
		out = append(out, spreadOf(run, byRun[run]))
	}
	return out
}

func spreadOf(run string, ss []Sample) RunSpread {
	rs := RunSpread{Run: run, ByTime: !slices.ContainsFunc(ss, func(s Sample) bool { return s.Start.IsZero() })}
	ss = slices.Clone(ss)
	// begin and end place a sample on the run's axis: nanoseconds since the run's first start, or its
	// position in the file (a unit-long interval each).
	begin := func(i int) float64 { return float64(i) }
	end := func(i int) float64 { return float64(i + 1) }
	if rs.ByTime {
		sort.SliceStable(ss, func(i, j int) bool { return ss[i].Start.Before(ss[j].Start) })
		t0 := ss[0].Start
		begin = func(i int) float64 { return float64(ss[i].Start.Sub(t0)) }
		end = func(i int) float64 { return float64(ss[i].Start.Sub(t0) + time.Duration(ss[i].WallNs)) }
	}
	total := 0.0
	first, last, count := map[Cell]int{}, map[Cell]int{}, map[Cell]int{}
	var order []Cell
	for i, s := range ss {
		total = max(total, end(i))
		if _, ok := first[s.Cell]; !ok {
			first[s.Cell] = i
			order = append(order, s.Cell)
		}
		last[s.Cell] = i
		count[s.Cell]++
	}
	var shares []float64
	for _, c := range order {
		lastEnd := 0.0
		for i := first[c]; i <= last[c]; i++ {
			if ss[i].Cell == c {
				lastEnd = max(lastEnd, end(i))
			}
		}
		cs := CellSpan{Cell: c, Contiguous: last[c]-first[c]+1 == count[c] && count[c] > 1}
		if total > 0 {
			cs.Share = (lastEnd - begin(first[c])) / total
		}
		if cs.Contiguous {
			rs.Contiguous++
		}
		rs.Cells = append(rs.Cells, cs)
		shares = append(shares, cs.Share)
	}
	slices.Sort(shares)
	if n := len(shares); n > 0 {
		rs.Min = shares[0]
		rs.Median = (shares[(n-1)/2] + shares[n/2]) / 2
	}
	return rs
}

// Span is the time span of samples: the first start and the last end, zero without start times.
func Span(samples []Sample) (start, end time.Time) {
	for _, s := range samples {
		if s.Start.IsZero() {
			continue
		}
		if start.IsZero() || s.Start.Before(start) {
			start = s.Start
		}
		if e := s.Start.Add(time.Duration(s.WallNs)); e.After(end) {
			end = e
		}
	}
	return start, end
}
