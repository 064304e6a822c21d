package lifetime

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// Bootstrap settings.
const (
	// Resamples: 2,000 paired resamples put the 2.5% and 97.5% percentiles 50 replicates from each end.
	Resamples = 2000
	// MinPairs is the fewest paired rounds given an interval, as the report's signed-rank intervals
	// (fewer than 6 pairs reach no 95% interval there).
	MinPairs = 6
	// Confidence of every interval.
	Confidence = 0.95
)

// Ratio is a candidate's lifetime cost over control's for processes of N operations: the ratio of the
// mean costs over the paired rounds, with a paired bootstrap percentile interval (NaN bounds when the
// pairs are fewer than MinPairs). Extrapolated is set when N is beyond the cold series, where the cost
// grows at the warm level instead of as measured.
type Ratio struct {
	N            int     `json:"n"`
	Estimate     float64 `json:"ratio"`
	Lo           float64 `json:"lo"`
	Hi           float64 `json:"hi"`
	CandidateNs  float64 `json:"candidateNs"` // mean total over the pairs
	ControlNs    float64 `json:"controlNs"`
	Extrapolated bool    `json:"extrapolated"`
	// P is the bootstrap's two-sided p-value for no change: twice the share of resamples on the far side
	// of 1 from the estimate (a tie counts as far), at most 1; NaN without an interval. The interval at
	// confidence 1-a excludes 1 when P < a, to the resolution of the resamples.
	P float64 `json:"-"`
	// Confidence is the level Lo and Hi are at: Confidence until Readjust sets a selection-adjusted one.
	Confidence float64   `json:"confidence"`
	boot       []float64 // the resampled ratios, sorted, for Readjust
}

// Excludes1 reports whether the interval lies wholly on one side of no change.
func (r Ratio) Excludes1() bool { return r.Lo > 1 || r.Hi < 1 }

// BreakEven is the lifetime from which the long-run winner between candidate and control (the one
// cheaper at MaxN operations) is the cheaper of the two up to MaxN, with a bootstrap interval. N 1 is
// "no crossing in 1..MaxN": the same variant is cheaper throughout. An infinite bound means some
// resamples have the other variant cheaper at MaxN (no crossing within the range). Decided is set when
// the ratio's interval at MaxN excludes 1: only then is there a long-run winner to break even with.
type BreakEven struct {
	N              int     `json:"n"`
	Lo             float64 `json:"lo"`
	Hi             float64 `json:"hi"`
	CandidateWins  bool    `json:"candidateWins"` // the candidate is the cheaper one from N on
	Crossings      int     `json:"crossings"`     // sign changes of the mean cost difference in 1..MaxN
	NoCrossing     bool    `json:"noCrossing"`
	Tie            bool    `json:"tie"` // equal mean costs at MaxN: no winner to cross to
	Decided        bool    `json:"decided"`
	Extrapolated   bool    `json:"extrapolated"`
	MeasuredToOps  int     `json:"measuredToOps"` // the cold series' length: beyond, the warm level
	ResamplesTotal int     `json:"resamples"`
}

// Comparison is one candidate against control in one cell over process lifetimes.
type Comparison struct {
	Pairs     int       `json:"pairs"`
	Measured  int       `json:"measuredOps"` // operations the cold series cover (the shortest)
	Ratios    []Ratio   `json:"ratios"`      // at Grid()
	BreakEven BreakEven `json:"breakEven"`
}

// RatioAt is the comparison's ratio at lifetime n (which must be in Grid()), or false.
func (c *Comparison) RatioAt(n int) (Ratio, bool) {
	for _, r := range c.Ratios {
		if r.N == n {
			return r, true
		}
	}
	return Ratio{}, false
}

// Compare pairs candidate's and control's processes by round and computes the lifetime ratios and the
// break-even. seed makes the bootstrap deterministic: the same inputs and seed give the same intervals.
func Compare(control, candidate []Process, seed uint64) (*Comparison, error) {
	byRound := map[int]Process{}
	for _, p := range control {
		byRound[p.Round] = p
	}
	var ctl, cand []curve
	measured := math.MaxInt
	for _, p := range candidate {
		q, ok := byRound[p.Round]
		if !ok {
			continue
		}
		a, err := newCurve(p)
		if err != nil {
			return nil, fmt.Errorf("candidate: %w", err)
		}
		b, err := newCurve(q)
		if err != nil {
			return nil, fmt.Errorf("control: %w", err)
		}
		cand, ctl = append(cand, a), append(ctl, b)
		measured = min(measured, p.Cold.Ops, q.Cold.Ops)
	}
	if len(cand) == 0 {
		return nil, fmt.Errorf("lifetime: no round has both a control and a candidate cold series")
	}
	grid := Grid()
	knots := knotsOf(append(slices.Clone(cand), ctl...))
	// cost[i][j]: pair i's candidate and control totals at lifetime ns[j] (the grid, then the knots).
	ns := append(slices.Clone(grid), knots...)
	cc, kc := make([][]float64, len(cand)), make([][]float64, len(cand))
	for i := range cand {
		cc[i], kc[i] = make([]float64, len(ns)), make([]float64, len(ns))
		for j, n := range ns {
			cc[i][j], kc[i][j] = cand[i].at(n), ctl[i].at(n)
		}
	}
	sums := func(idx []int) (a, b []float64) {
		a, b = make([]float64, len(ns)), make([]float64, len(ns))
		for _, i := range idx {
			for j := range ns {
				a[j] += cc[i][j]
				b[j] += kc[i][j]
			}
		}
		return a, b
	}
	all := make([]int, len(cand))
	for i := range all {
		all[i] = i
	}
	a, b := sums(all)
	cmp := &Comparison{Pairs: len(cand), Measured: measured}
	for j, n := range grid {
		cmp.Ratios = append(cmp.Ratios, Ratio{N: n, Estimate: a[j] / b[j], Lo: math.NaN(), Hi: math.NaN(), P: math.NaN(),
			CandidateNs: a[j] / float64(len(cand)), ControlNs: b[j] / float64(len(cand)), Extrapolated: n > measured})
	}
	diff := func(a, b []float64) []float64 {
		d := make([]float64, len(knots))
		for j := range knots {
			d[j] = a[len(grid)+j] - b[len(grid)+j]
		}
		return d
	}
	d := diff(a, b)
	sign := signOf(d[len(d)-1])
	be := BreakEven{Lo: math.NaN(), Hi: math.NaN(), CandidateWins: sign < 0, Tie: sign == 0, MeasuredToOps: measured, Crossings: crossings(d)}
	be.N = breakEven(knots, d, sign)
	be.NoCrossing = be.N == 1
	be.Extrapolated = be.N > measured
	if len(cand) >= MinPairs {
		r := rand.New(rand.NewPCG(seed, uint64(len(cand))))
		idx := make([]int, len(cand))
		ratios := make([][]float64, len(grid))
		var bes []float64
		for range Resamples {
			for i := range idx {
				idx[i] = r.IntN(len(cand))
			}
			ra, rb := sums(idx)
			for j := range grid {
				ratios[j] = append(ratios[j], ra[j]/rb[j])
			}
			if sign != 0 {
				bes = append(bes, float64(breakEven(knots, diff(ra, rb), sign)))
			}
		}
		for j := range grid {
			r := &cmp.Ratios[j]
			sort.Float64s(ratios[j])
			r.boot, r.Confidence = ratios[j], Confidence
			r.Lo, r.Hi = percentiles(r.boot, Confidence)
			r.P = bootstrapP(r.boot)
		}
		if sign != 0 {
			sort.Float64s(bes)
			be.Lo, be.Hi = percentiles(bes, Confidence)
		}
		be.ResamplesTotal = Resamples
		be.Decided = cmp.Ratios[len(cmp.Ratios)-1].Excludes1()
	}
	cmp.BreakEven = be
	return cmp, nil
}

// Readjust recomputes every ratio's interval at confidence conf from the same resamples (the
// selection-adjusted level of a family of comparisons: stats.Analysis.Lifetimes), and whether the
// break-even is decided, which reads the interval at MaxN. Ratios without an interval stay without.
func (c *Comparison) Readjust(conf float64) {
	for j := range c.Ratios {
		r := &c.Ratios[j]
		if len(r.boot) == 0 {
			continue
		}
		r.Lo, r.Hi = percentiles(r.boot, conf)
		r.Confidence = conf
	}
	if c.BreakEven.ResamplesTotal > 0 {
		c.BreakEven.Decided = c.Ratios[len(c.Ratios)-1].Excludes1()
	}
}

// bootstrapP is the two-sided p-value for a ratio of 1 from sorted resampled ratios: twice the share on
// the side of 1 that holds fewer of them, ties at 1 counted on that side, at most 1.
func bootstrapP(sorted []float64) float64 {
	below := sort.SearchFloat64s(sorted, 1) // < 1
	atOrBelow := sort.Search(len(sorted), func(i int) bool { return sorted[i] > 1 })
	above := len(sorted) - atOrBelow // > 1
	far := min(below, above) + (atOrBelow - below)
	return min(1, 2*float64(far)/float64(len(sorted)))
}

// knotsOf is every lifetime at which some curve changes slope, plus 1 and MaxN, ascending, within 1..MaxN:
// between two consecutive knots every curve, and so every sum of them, is linear.
func knotsOf(cs []curve) []int {
	k := []int{1, MaxN}
	for _, c := range cs {
		for _, n := range c.knots {
			if n >= 1 && n <= MaxN {
				k = append(k, n)
			}
		}
	}
	slices.Sort(k)
	return slices.Compact(k)
}

// breakEven is the smallest lifetime from which d (candidate minus control, at knots, linear between)
// keeps sign up to MaxN: 1 when it holds throughout, +Inf (as math.MaxInt) when d at MaxN has the other
// sign. Inside a linear stretch the crossing is the first whole operation count past the root.
func breakEven(knots []int, d []float64, sign int) int {
	last := len(d) - 1
	if signOf(d[last]) != sign {
		return math.MaxInt
	}
	i := last
	for i > 0 && signOf(d[i-1]) == sign {
		i--
	}
	if i == 0 {
		return 1
	}
	// d[i-1] is not of sign (other sign or zero), d[i] is: the root is in (knots[i-1], knots[i]].
	x0, x1 := float64(knots[i-1]), float64(knots[i])
	root := x0 + (x1-x0)*d[i-1]/(d[i-1]-d[i])
	n := int(math.Floor(root)) + 1
	return min(max(n, knots[i-1]+1), knots[i])
}

// crossings counts the sign changes of d over the knots (a zero is no side).
func crossings(d []float64) int {
	n, prev := 0, 0
	for _, x := range d {
		s := signOf(x)
		if s != 0 && prev != 0 && s != prev {
			n++
		}
		if s != 0 {
			prev = s
		}
	}
	return n
}

func signOf(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// percentiles are the (1-conf)/2 and (1+conf)/2 percentiles of v, which is sorted, the nearest-rank
// ones; +Inf (math.MaxInt break-evens) sort last.
func percentiles(v []float64, conf float64) (lo, hi float64) {
	at := func(q float64) float64 {
		i := int(math.Ceil(q*float64(len(v)))) - 1
		x := v[min(max(i, 0), len(v)-1)]
		if x >= math.MaxInt {
			return math.Inf(1)
		}
		return x
	}
	return at((1 - conf) / 2), at((1 + conf) / 2)
}
