package lifetime

import (
	"math"
	"sort"
)

// DecisionNs are the lifetimes a decision table gives, in operations: a one-shot tool, a short CLI, a
// batch, a serverless instance, a worker, and a long-lived server (100k and beyond: past the cold
// series every cost grows at its warm level, so the ranking at 100k holds beyond unless a break-even
// lies further).
var DecisionNs = []int{1, 10, 100, 1_000, 10_000, 100_000}

// Decision is which variant costs least over a lifetime of N operations. Versus is the candidate the
// winner is set against control with: the winner itself when a candidate wins, else the cheapest
// candidate. Clear is set when Ratio's interval excludes 1, so that the winner is not control's tie;
// Thin when any candidate has too few pairs for an interval (then no winner is named).
type Decision struct {
	N      int    `json:"n"`
	Winner string `json:"winner"`
	Versus string `json:"versus"`
	Ratio  Ratio  `json:"ratio"`
	Clear  bool   `json:"clear"`
	Thin   bool   `json:"thin"`
	// NextBreakEven is the smallest decided break-even beyond N among the candidates (0: none up to
	// MaxN): from there a candidate and control swap places, so the ranking at N does not hold beyond.
	NextBreakEven int `json:"nextBreakEven"`
}

// Decide picks the cheapest variant at lifetime n from each candidate's comparison with control (the
// same cell); control is the name control goes by. It returns false when there is no comparison at n.
func Decide(control string, cmps map[string]*Comparison, n int) (Decision, bool) {
	names := make([]string, 0, len(cmps))
	for name := range cmps {
		names = append(names, name)
	}
	sort.Strings(names) // deterministic ties
	d := Decision{N: n, Ratio: Ratio{Estimate: math.Inf(1)}}
	for _, name := range names {
		c := cmps[name]
		r, ok := c.RatioAt(n)
		if !ok {
			continue
		}
		if c.Pairs < MinPairs {
			d.Thin = true
		}
		if be := c.BreakEven; be.Decided && !be.NoCrossing && be.N > n && (d.NextBreakEven == 0 || be.N < d.NextBreakEven) {
			d.NextBreakEven = be.N
		}
		if r.Estimate < d.Ratio.Estimate {
			d.Versus, d.Ratio = name, r
		}
	}
	if d.Versus == "" {
		return Decision{}, false
	}
	d.Winner = control
	if d.Ratio.Estimate < 1 {
		d.Winner = d.Versus
	}
	d.Clear = !d.Thin && d.Ratio.Excludes1()
	return d, true
}
