package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// lifeView is the report's view of the steady-state and lifetime analysis (stats.Lifetimes): one entry
// per cold cell at a DOP within its machines' processors, and the cells left out with why.
type lifeView struct {
	control string
	cells   []*stats.Lifetime
	omitted []stats.LifetimeOmitted
}

// family is the correction family of the view's lifetime ratios (every cell shares one).
func (v *lifeView) family() stats.RatioFamily {
	if len(v.cells) == 0 {
		return stats.RatioFamily{Confidence: lifetime.Confidence}
	}
	return v.cells[0].Family
}

func newLifeView(a *stats.Analysis) (*lifeView, error) {
	ls, om, err := a.Lifetimes()
	if err != nil {
		return nil, err
	}
	return &lifeView{control: a.Control, cells: ls, omitted: om}, nil
}

// candidates lists l's candidates in natural order.
func lifeCandidates(l *stats.Lifetime) []string {
	var out []string
	for name := range l.Comparisons {
		out = append(out, name)
	}
	slices.SortFunc(out, stats.CompareNames)
	return out
}

// variants lists control then the candidates.
func (v *lifeView) variants(l *stats.Lifetime) []string {
	return append([]string{v.control}, lifeCandidates(l)...)
}

// missing says, for a view with no cell, why: a sentence for the sections that would have shown them.
func (v *lifeView) missing() string {
	if v == nil || len(v.omitted) == 0 {
		return "The results hold no cold samples, so there is no process lifetime to analyse."
	}
	reasons := map[string]int{}
	for _, o := range v.omitted {
		reasons[omittedWhy(o)]++
	}
	var parts []string
	for _, r := range slices.Sorted(mapKeys(reasons)) {
		parts = append(parts, fmt.Sprintf("%s (%s)", r, plural(reasons[r], "cell")))
	}
	return "No cold cell could be analysed: " + strings.Join(parts, "; ") + "."
}

// omittedWhy says why a cold cell has no lifetime analysis (stats.LifetimeOmitted), with its figures.
func omittedWhy(o stats.LifetimeOmitted) string {
	switch o.Why {
	case stats.NoTimeline:
		return "the results carry no per-operation timeline (hosts before it was recorded)"
	case stats.AboveProcessors:
		return fmt.Sprintf("DOP %d is above the %d processors: durations include waiting for a core", o.DOP, o.Processors)
	case stats.MalformedSample:
		return fmt.Sprintf("%s round %d of run %s: %v", o.Variant, o.Round.Round, o.Round.Run, o.Err)
	case stats.NoControlSample:
		return "no usable control sample"
	}
	return fmt.Sprintf("omission %d", o.Why)
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// ratioCell prints a lifetime ratio as a change in percent with its interval, "~ " when the interval
// holds 1, "(extrapolated)" beyond the cold series.
func ratioCell(r lifetime.Ratio) string {
	s := PctSigned((r.Estimate - 1) * 100)
	if math.IsNaN(r.Lo) {
		s += " (no CI)"
	} else {
		s = fmt.Sprintf("%s [%s, %s]", s, signedBound((r.Lo-1)*100), signedBound((r.Hi-1)*100))
		if !r.Excludes1() {
			s = "~ " + s
		}
	}
	if r.Extrapolated {
		s += "†"
	}
	return s
}

// breakEvenCell says where a candidate's lifetime cost crosses control's.
func breakEvenCell(c *lifetime.Comparison) string {
	be := c.BreakEven
	switch {
	case be.ResamplesTotal == 0:
		return fmt.Sprintf("%d pairs, too few for an interval", c.Pairs)
	case !be.Decided:
		return "no long-run winner (the ratio at 1M holds 1)"
	}
	who := "control"
	if be.CandidateWins {
		who = "the candidate"
	}
	iv := fmt.Sprintf(" [%s, %s]", boundLabel(be.Lo), boundLabel(be.Hi))
	if be.NoCrossing {
		return fmt.Sprintf("no crossing in 1..%s: %s cheaper throughout%s", nLabel(lifetime.MaxN), who, iv)
	}
	ext := ""
	if be.Extrapolated {
		ext = " (extrapolated)"
	}
	return fmt.Sprintf("%s%s: %s cheaper from there%s", num(float64(be.N)), iv, who, ext)
}
