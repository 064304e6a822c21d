package original

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// Target is a platform and backend of a run to hold the figures against.
type Target struct{ Platform, Backend string }

// Compared holds every figure against the write-ups' own setting (windows/amd64, privateheap) first, then
// against each other target, in the figures' order. name maps a figure's candidate to the run's name
// for it (pooled with 8 slots may be "pooled/8").
func Compared(targets []Target, name func(Figure) string, lookup Lookup) []Comparison {
	ts := []Target{{Platform, Backend}}
	for _, t := range targets {
		if t != ts[0] {
			ts = append(ts, t)
		}
	}
	var out []Comparison
	for _, f := range Figures {
		for _, t := range ts {
			k := Key{Candidate: name(f), Platform: t.Platform, Backend: t.Backend, Workload: f.Workload,
				DOP: f.DOP, Phase: f.Phase, Metric: f.Metric}
			out = append(out, Compare(f, k, lookup))
		}
	}
	return out
}

// WriteSection writes the comparisons as a markdown section headed at the given level ("##").
func WriteSection(w io.Writer, heading string, cs []Comparison) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s Against the original experiments\n\n", heading)
	b.WriteString("Each figure the two original write-ups publish, beside the same cell of this run. " +
		"Their setting is .NET 10 on one Windows x64 machine (private heap); rows for other platforms are " +
		"for reference, not replication. \"agree\": same direction and significant here (or no change in " +
		fmt.Sprintf("both, a published change within ±%.0f%% counting as none); \"not confirmed\": no significant "+
			"change here; \"differs\": a change here where the write-up saw none.\n\n", NoChange*100))
	for _, s := range []Source{SplitPR, PoolPR} {
		fmt.Fprintf(&b, "- **%s**: %s, %s. %s.\n", s.ID, s.Title, s.Where, s.Notes)
	}
	b.WriteString("\n| source | candidate | workload | DOP | phase | metric | original: control → candidate | original change | here: platform, backend | here: change [95% CI] | outcome | why |\n")
	b.WriteString("| --- | --- | --- | ---: | --- | --- | --- | ---: | --- | --- | --- | --- |\n")
	for _, c := range cs {
		f := c.Figure
		here := "—"
		if c.Outcome != NotMeasured {
			here = fmt.Sprintf("%s [%s, %s]", pct(c.Measured.Ratio), pct(c.Measured.Lo), pct(c.Measured.Hi))
			if !c.Measured.Significant {
				here = "~ " + here
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %s | %s | %s → %s %s (%s) | %s | %s, %s | %s | %s | %s |\n",
			f.Source.ID, c.Key.Candidate, f.Workload, f.DOP, f.Phase, f.Metric,
			num(f.Control), num(f.Cand), f.Unit, f.Samples, pct(f.Ratio()),
			c.Key.Platform, c.Key.Backend, here, c.Outcome, c.Why)
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
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

func num(v float64) string {
	if v < 1 {
		return fmt.Sprintf("%.3f", v)
	}
	return fmt.Sprintf("%.1f", v)
}
