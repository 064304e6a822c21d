package lifetime

import (
	"fmt"
	"math"
	"slices"
)

// Interval settings.
const (
	// MinPairs is the fewest paired rounds given an interval, as the report's signed-rank intervals:
	// with 5 pairs the most extreme of the 32 sign patterns has p = 2/32, so no 95% interval exists.
	MinPairs = 6
	// Confidence of every interval.
	Confidence = 0.95
)

// Ratio is a candidate's lifetime cost over control's for processes of N operations: the ratio of the
// mean costs over the paired rounds, with a sign-flip permutation interval by test inversion (flipSet;
// NaN bounds when the pairs are fewer than MinPairs). Extrapolated is set when N is beyond the cold
// series, where the cost grows at the warm level instead of as measured.
type Ratio struct {
	N            int     `json:"n"`
	Estimate     float64 `json:"ratio"`
	Lo           float64 `json:"lo"`
	Hi           float64 `json:"hi"`
	CandidateNs  float64 `json:"candidateNs"` // mean total over the pairs
	ControlNs    float64 `json:"controlNs"`
	Extrapolated bool    `json:"extrapolated"`
	// P is the sign-flip test's two-sided p-value for no change, as the interval reads it (flipSet.pHull):
	// the interval at confidence 1-a excludes 1 exactly when P <= a. NaN without an interval.
	P float64 `json:"-"`
	// Confidence is the level Lo and Hi are at: Confidence until Readjust sets a selection-adjusted one.
	Confidence float64   `json:"confidence"`
	flips      *flipSet  // the test's distribution, for Readjust; nil without an interval
	pairs      []float64 // each pair's candidate/control total at N, in pair order
	boot       []float64 // Bootstrap's resampled ratios, sorted, for Readjust
	combined   Combination
}

// Combination is a ratio's estimate, interval and p-value that the caller computed from several runner
// instances' own comparisons (stats: their moderated combination): set with Comparison.Combine, it
// replaces the pooled sign-flip test's, whose interval does not carry the variance between instances.
type Combination interface {
	Ratio() float64
	Interval(conf float64) (lo, hi float64) // on the ratio's scale
	P() float64
}

// Combined reports whether the ratio's figures come from a Combination.
func (r Ratio) Combined() bool { return r.combined != nil }

// PairRatios is each paired round's own ratio of totals at N (candidate over control), in round order.
func (r Ratio) PairRatios() []float64 { return slices.Clone(r.pairs) }

// Excludes1 reports whether the interval lies wholly on one side of no change.
func (r Ratio) Excludes1() bool { return r.Lo > 1 || r.Hi < 1 }

// BreakEven is the lifetime from which the long-run winner between candidate and control (the one
// cheaper at MaxN operations) is the cheaper of the two up to MaxN, with an interval from the same
// sign-flip test (breakEvenBounds): Hi is the smallest N from which the test at 1 - Confidence shows
// the winner cheaper at every N up to MaxN (+Inf when it does not at MaxN), Lo one past the largest N
// below the break-even at which it shows the other variant cheaper (1 when none). N 1 is "no crossing in
// 1..MaxN": the same variant is cheaper throughout. Decided is set when the ratio's interval at MaxN
// (at the family's adjusted level) excludes 1: only then is there a long-run winner to break even with.
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
	ResamplesTotal int     `json:"resamples"`     // sign patterns each test used (0: too few pairs, no interval)
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

// Method is how a comparison's intervals are computed.
type Method uint8

const (
	// SignFlip is the sign-flip permutation test inverted (flipSet, breakEvenBounds): the lab's method.
	SignFlip Method = iota
	// Bootstrap is the paired percentile bootstrap of Resamples resamples the lab used before 1 December
	// 2026, kept only to measure it against SignFlip (lab aanull -lifetime-method bootstrap): under the
	// label-swap null of the committed full run its intervals excluded 1 at two to three times their level.
	Bootstrap
)

// String is the method's name as lab aanull -lifetime-method takes it and its output prints it.
func (m Method) String() string {
	switch m {
	case SignFlip:
		return "signflip"
	case Bootstrap:
		return "bootstrap"
	}
	return fmt.Sprintf("Method(%d)", uint8(m))
}

// Compare pairs candidate's and control's processes by round and computes the lifetime ratios and the
// break-even, with SignFlip intervals. seed makes the drawn sign patterns (more than MaxExactFlips
// pairs) deterministic: the same inputs and seed give the same intervals.
func Compare(control, candidate []Process, seed uint64) (*Comparison, error) {
	return CompareMethod(control, candidate, seed, SignFlip)
}

// CompareMethod is Compare with the given interval method.
func CompareMethod(control, candidate []Process, seed uint64, method Method) (*Comparison, error) {
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
		pairs := make([]float64, len(cand))
		for i := range cand {
			pairs[i] = cc[i][j] / kc[i][j]
		}
		cmp.Ratios = append(cmp.Ratios, Ratio{N: n, pairs: pairs, Estimate: a[j] / b[j], Lo: math.NaN(), Hi: math.NaN(), P: math.NaN(),
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
	switch {
	case len(cand) < MinPairs:
	case method == Bootstrap:
		diffs := func(idx []int) []float64 { ra, rb := sums(idx); return diff(ra, rb) }
		bootstrap(cmp, &be, len(cand), seed, diffs, sums, knots, sign)
	default:
		for j := range grid {
			r := &cmp.Ratios[j]
			a, b := make([]float64, len(cand)), make([]float64, len(cand))
			for i := range cand {
				a[i], b[i] = cc[i][j], kc[i][j]
			}
			fs := newFlipSet(a, b, seed+uint64(j))
			r.flips, r.Confidence = &fs, Confidence
			r.Lo, r.Hi = fs.interval(Confidence)
			r.P = fs.pHull(1)
			be.ResamplesTotal = fs.total
		}
		if sign != 0 {
			be.Lo, be.Hi = breakEvenBounds(knots, cand, ctl, be.N, sign, seed)
		}
		be.Decided = cmp.Ratios[len(cmp.Ratios)-1].Excludes1()
	}
	cmp.BreakEven = be
	return cmp, nil
}

// Readjust recomputes every ratio's interval at confidence conf from the same pairs and sign patterns
// (the selection-adjusted level of a family of comparisons: stats.Analysis.Lifetimes), and whether the
// break-even is decided, which reads the interval at MaxN. Ratios without an interval stay without.
func (c *Comparison) Readjust(conf float64) {
	for j := range c.Ratios {
		r := &c.Ratios[j]
		switch {
		case r.combined != nil:
			r.Lo, r.Hi = r.combined.Interval(conf)
		case r.boot != nil:
			r.Lo, r.Hi = percentiles(r.boot, conf)
		case r.flips != nil:
			r.Lo, r.Hi = r.flips.interval(conf)
		default:
			continue
		}
		r.Confidence = conf
	}
	if c.BreakEven.ResamplesTotal > 0 {
		c.BreakEven.Decided = c.Ratios[len(c.Ratios)-1].Excludes1()
	}
}

// Combine sets the ratio at lifetime n from comb (Combination) at the comparison's current confidence;
// false when n is not on the grid.
func (c *Comparison) Combine(n int, comb Combination) bool {
	for j := range c.Ratios {
		r := &c.Ratios[j]
		if r.N != n {
			continue
		}
		conf := r.Confidence
		if conf == 0 {
			conf = Confidence
		}
		r.combined, r.Estimate, r.P, r.Confidence = comb, comb.Ratio(), comb.P(), conf
		r.Lo, r.Hi = comb.Interval(conf)
		if j == len(c.Ratios)-1 && c.BreakEven.ResamplesTotal > 0 {
			c.BreakEven.Decided = r.Excludes1()
		}
		return true
	}
	return false
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
