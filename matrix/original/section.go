package original

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// Section is everything the write-ups published, held against each platform and backend of a run: the
// write-ups' own setting (windows/amd64, privateheap) first, then the run's targets.
type Section struct {
	Targets []Target
	Figures [][]Comparison   // per target, in Figures' order
	Claims  [][]ClaimResult  // per target, in Claims' order
	Memory  [][]MemoryResult // per target, in MemoryEstimates' order
	// Backends is every BackendClaim held against the run, in BackendClaims' order.
	Backends []BackendResult
}

// Compared builds the section. name maps a write-up's candidate and capacity to the run's name for it
// (the pool's 8 slots may be "pooled/8").
func Compared(targets []Target, name func(candidate string, capacity int) string, run Run) Section {
	s := Section{Targets: []Target{{Platform, Backend}}}
	for _, t := range targets {
		if !slices.Contains(s.Targets, t) {
			s.Targets = append(s.Targets, t)
		}
	}
	for _, t := range s.Targets {
		var cs []Comparison
		for _, f := range Figures {
			k := Key{Candidate: name(f.Candidate, f.Capacity), Platform: t.Platform, Backend: t.Backend, Workload: f.Workload,
				DOP: f.DOP, Phase: f.Phase, Metric: f.Metric}
			c := Compare(f, k, run)
			if f.Workload == "" {
				c.Unplaced = true
				for _, wl := range Workloads() { // the workloads the write-ups measured
					kw := k
					kw.Workload = wl
					c.Unstated = append(c.Unstated, Compare(f, kw, run))
				}
			}
			cs = append(cs, c)
		}
		s.Figures = append(s.Figures, cs)
		var crs []ClaimResult
		for _, c := range Claims {
			crs = append(crs, CompareClaim(c, name(c.Candidate, 0), t, run))
		}
		s.Claims = append(s.Claims, crs)
		var ms []MemoryResult
		for _, e := range MemoryEstimates {
			ms = append(ms, CompareMemory(e, name("pooled", e.Capacity), t, run))
		}
		s.Memory = append(s.Memory, ms)
	}
	for _, c := range BackendClaims {
		s.Backends = append(s.Backends, CompareBackendClaim(c, run))
	}
	return s
}

// quotes numbers the distinct quoted passages of the section, in order of first use.
type quotes struct{ list []string }

func (q *quotes) ref(s string) string {
	if i := strings.LastIndex(s, "\n"); i >= 0 && strings.Contains(s[i:], "\t") {
		s = s[:i] // a table row: the row is the figure, printed in its own row; the passage is the table's intro and header
	}
	i := slices.Index(q.list, s)
	if i < 0 {
		q.list = append(q.list, s)
		i = len(q.list) - 1
	}
	return fmt.Sprintf("[%d]", i+1)
}

// Write writes the section as markdown headed at the given level ("##"): a table per target of every
// figure, every stated direction and every memory estimate, each row naming the quoted passage it
// comes from; the passages follow, verbatim.
func (s Section) Write(w io.Writer, heading string) error {
	var b strings.Builder
	var q quotes
	fmt.Fprintf(&b, "%s Published figures beside this run\n\n", heading)
	b.WriteString("Every figure the two write-ups print, exactly as printed, with the runs it rests on and the passage " +
		"it comes from (numbered, quoted below), beside the same cell of this run: the change candidate vs control " +
		"with the interval its verdict is read from (family *elapsed time*, the primary one, or *faults/op*, exploratory). " +
		"*Outcome*: the direction here against the published one and how the sizes compare (ratio of the log " +
		"changes), and whether the published value lies inside this run's interval. Neither write-up names a .NET " +
		"version; both ran on one Windows x64 machine.\n\n")
	for _, src := range []Source{SplitPR, PoolPR, FragmentationPR} {
		fmt.Fprintf(&b, "- **%s**: \"%s\", %s.\n", src.ID, src.Title, src.Where)
	}
	b.WriteString("\nThe third states no figure, a direction between two allocators in a fragmented heap: it is held " +
		"against this run's cells at the end.\n")
	b.WriteString("\n")
	for i, t := range s.Targets {
		fmt.Fprintf(&b, "%s# %s, %s\n\n", heading, t.Platform, t.Backend)
		if why := missingWhy(s.Figures[i]); why != "" {
			if t.Platform != Platform || t.Backend != Backend {
				why = fmt.Sprintf("this run has none of the write-ups' candidate cells on %s, %s", t.Platform, t.Backend)
			}
			fmt.Fprintf(&b, "Not measured in this run: %s.\n\n", why)
			continue
		}
		b.WriteString("| source, cell | published, as printed | runs | here [interval] | outcome | from |\n")
		b.WriteString("| --- | --- | --- | --- | --- | --- |\n")
		var whys []string
		contended := false
		for _, c := range s.Figures[i] {
			f := c.Figure
			cell := fmt.Sprintf("%s %s %s %s", f.Source.ID, c.Key.Candidate, cellName(c), f.Phase)
			if f.Workload == "" {
				cell = fmt.Sprintf("%s %s DOP %d%s %s (workload not stated)", f.Source.ID, c.Key.Candidate, f.DOP, mark(c.Unstated...), f.Phase)
			}
			if f.Metric != Elapsed {
				cell += ", " + string(f.Metric)
			}
			pub := f.ControlText + " → " + f.CandText
			if f.Change != "" {
				pub += " (" + f.Change + ")"
			}
			here := hereText(c)
			if f.Workload == "" {
				var parts []string
				for _, u := range c.Unstated {
					if u.Found {
						parts = append(parts, cellName(u)+" "+hereText(u))
					}
				}
				if len(parts) > 0 {
					here = strings.Join(parts, "; ")
				}
			}
			contended = contended || mark(c) != "" || mark(c.Unstated...) != ""
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", cell, pub, f.Runs, here, c.Outcome(), q.ref(f.Quote))
			if c.Found && !slices.Contains(whys, c.Why) {
				whys = append(whys, c.Why)
			}
		}

		for _, c := range s.Claims[i] {
			verb := map[int]string{+1: "increased", -1: "decreased"}[c.Claim.Direction]
			fmt.Fprintf(&b, "| %s %s, every %s cell, %s | %s %s (no figure) | not stated | %d cells | %s | %s |\n",
				c.Claim.Source.ID, c.Claim.Candidate, c.Claim.Phase, c.Claim.Metric, c.Claim.Phase, verb, c.N, c.Outcome(), q.ref(c.Claim.Quote))
		}
		for _, m := range s.Memory[i] {
			here := "—"
			switch {
			case len(m.Measured) > 0 && mibText(m.Lo) == mibText(m.Hi):
				here = fmt.Sprintf("%s in %d warm mixed cells where %d states can be idle (DOP %s; median idle bytes)", mibText(m.Lo), len(m.Measured), m.Estimate.Capacity, dopsText(m.DOPs))
			case len(m.Measured) > 0:
				here = fmt.Sprintf("%s to %s over %d warm mixed cells where %d states can be idle (DOP %s; median idle bytes)", mibText(m.Lo), mibText(m.Hi), len(m.Measured), m.Estimate.Capacity, dopsText(m.DOPs))
			}
			fmt.Fprintf(&b, "| %s pooled/%d, idle native memory | %s (an estimate) | not measured there | %s | %s | %s |\n",
				m.Estimate.Source.ID, m.Estimate.Capacity, m.Estimate.Text, here, m.Outcome(), q.ref(m.Estimate.Quote))
		}
		b.WriteString("\n")
		if contended {
			fmt.Fprintf(&b, "‡ this run's cell ran more workers than its machine's processors: its time is throughput under contention, not one operation's latency (the write-ups do not state their processor count).\n\n")
		}
		for _, why := range whys {
			fmt.Fprintf(&b, "Setting: %s.\n\n", why)
		}
	}
	s.writeBackends(&b, heading, &q)
	b.WriteString("The passages, verbatim:\n\n")
	for i, s := range q.list {
		fmt.Fprintf(&b, "%d. \"%s\"\n", i+1, strings.ReplaceAll(strings.ReplaceAll(s, "\t", " | "), "\n", " / "))
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// cellName names a comparison's cell as the run's tables do: "fixed/8‡" when the run's cell is oversubscribed.
func cellName(c Comparison) string {
	return fmt.Sprintf("%s/%d%s", c.Key.Workload, c.Key.DOP, mark(c))
}

// mark is "‡" when any of the comparisons' cells of the run is oversubscribed.
func mark(cs ...Comparison) string {
	for _, c := range cs {
		if c.Found && c.Measured.Oversubscribed {
			return "‡"
		}
	}
	return ""
}

// hereText is the run's change in a comparison's cell with its interval, "—" when not measured.
func hereText(c Comparison) string {
	switch {
	case c.Found && c.Measured.Thin():
		return pct(c.Measured.Ratio) + " (no interval)"
	case c.Found:
		return fmt.Sprintf("%s [%s, %s]", pct(c.Measured.Ratio), pct(c.Measured.Lo), pct(c.Measured.Hi))
	}
	return "—"
}

// dopsText lists DOPs: "4, 8, 12".
func dopsText(ds []int) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprint(d)
	}
	return strings.Join(parts, ", ")
}

// missingWhy is the reason shared by a target none of whose cells the run measured, or "".
func missingWhy(cs []Comparison) string {
	for _, c := range cs {
		if c.Found {
			return ""
		}
	}
	return cs[0].Why
}

// pct prints a ratio as a signed percentage change, one decimal.
func pct(r float64) string {
	switch {
	case math.IsInf(r, 0) || math.IsNaN(r):
		return "unbounded" // no finite end
	case r <= 0:
		return "-100%"
	}
	s := fmt.Sprintf("%+.1f%%", (r-1)*100)
	if s == "-100.0%" { // a fall by 99.95% or more: the digits that tell it from all
		s = fmt.Sprintf("%+.3f%%", (r-1)*100)
	}
	return s
}

// mibText prints bytes in MiB with two decimals.
func mibText(v float64) string { return fmt.Sprintf("%.2f MiB", v/mib) }
