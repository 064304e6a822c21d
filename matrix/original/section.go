package original

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Target is a platform and backend of a run to hold the figures against.
type Target struct{ Platform, Backend string }

// Compared holds every figure against the write-ups' own setting (windows/amd64, privateheap) first, then
// against each other target: one slice per target, in the figures' order. name maps a figure's candidate
// to the run's name for it (pooled with 8 slots may be "pooled/8").
func Compared(targets []Target, name func(Figure) string, lookup Lookup) [][]Comparison {
	ts := []Target{{Platform, Backend}}
	for _, t := range targets {
		if t != ts[0] {
			ts = append(ts, t)
		}
	}
	var out [][]Comparison
	for _, t := range ts {
		var cs []Comparison
		for _, f := range Figures {
			k := Key{Candidate: name(f), Platform: t.Platform, Backend: t.Backend, Workload: f.Workload,
				DOP: f.DOP, Phase: f.Phase, Metric: f.Metric}
			cs = append(cs, Compare(f, k, lookup))
		}
		out = append(out, cs)
	}
	return out
}

// WriteSection writes the comparisons as a markdown section headed at the given level ("##"), a table
// per target.
func WriteSection(w io.Writer, heading string, targets [][]Comparison) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s Against the original experiments\n\n", heading)
	b.WriteString("Every figure the two original write-ups publish, beside the same cell of this run: the change " +
		"candidate vs control, here with its 95% interval (\"~\": not significant after the page's correction). " +
		"Their setting was .NET 10 on one Windows x64 machine (private heap), so only that platform's rows " +
		"replicate them; the others are for reference. **agree**: significant here in the same direction, or " +
		fmt.Sprintf("no change in both (a published change within ±%.0f%% counts as none); **disagree**: significant "+
			"here in the other direction; **not confirmed**: no significant change here; **differs**: a change here "+
			"where the write-up saw none; **too few pairs here**: the cell has no finite interval.\n\n", NoChange*100))
	for _, s := range []Source{SplitPR, PoolPR} {
		fmt.Fprintf(&b, "- **%s**: \"%s\", %s. %s.\n", s.ID, s.Title, s.Where, s.Notes)
	}
	b.WriteString("\n")
	for _, cs := range targets {
		if len(cs) == 0 {
			continue
		}
		k := cs[0].Key
		fmt.Fprintf(&b, "%s# %s, %s\n\n", heading, k.Platform, k.Backend)
		if why := missingWhy(cs); why != "" {
			fmt.Fprintf(&b, "Not measured in this run: %s.\n\n", why)
			continue
		}
		b.WriteString("| source | candidate | cell | metric | original: control → candidate | original change | change here [95% CI] | outcome |\n")
		b.WriteString("| --- | --- | --- | --- | --- | ---: | --- | --- |\n")
		var why string
		for _, c := range cs {
			f := c.Figure
			here := "—"
			if c.Outcome != NotMeasured {
				here = fmt.Sprintf("%s [%s, %s]", pct(c.Measured.Ratio), pct(c.Measured.Lo), pct(c.Measured.Hi))
				if !c.Measured.Significant {
					here = "~ " + here
				}
			}
			outcome := string(c.Outcome)
			if c.Inside {
				outcome += ", published value inside the CI"
			}
			fmt.Fprintf(&b, "| %s | %s | %s/%d %s | %s | %s → %s %s (%s) | %s | %s | %s |\n",
				f.Source.ID, c.Key.Candidate, f.Workload, f.DOP, f.Phase, f.Metric,
				num(f.Control), num(f.Cand), f.Unit, f.Samples, pct(f.Ratio()), here, outcome)
			if c.Outcome != Agree && c.Outcome != NotMeasured && why == "" {
				why = c.Why
			}
		}
		b.WriteString("\n")
		if why != "" {
			fmt.Fprintf(&b, "Where this run and the write-ups part: %s.\n\n", why)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// missingWhy is the reason shared by a target none of whose cells the run measured, or "".
func missingWhy(cs []Comparison) string {
	for _, c := range cs {
		if c.Outcome != NotMeasured {
			return ""
		}
	}
	return cs[0].Why
}

// pct prints a ratio as a signed percentage change.
func pct(r float64) string {
	switch {
	case math.IsInf(r, 0) || math.IsNaN(r):
		return "unbounded" // a thin cell's interval has no finite end
	case r <= 0:
		return "-100%"
	}
	return fmt.Sprintf("%+.1f%%", (r-1)*100)
}

// num prints a published figure with the digits it was published with.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
