package report

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// aaLayouts is, per platform, the distinct link layout seeds the A/A control's samples ran (Sample.Layout,
// sorted): [matrix.AALayout] for a run whose aa host is control's code in another function layout, [0]
// for a run older than that, whose aa ran control's own binary.
func aaLayouts(samples []matrix.Sample) map[string][]int64 {
	out := map[string][]int64{}
	for _, s := range samples {
		if s.Variant == matrix.AA && s.OK && !slices.Contains(out[s.Cell.Platform], s.Layout) {
			out[s.Cell.Platform] = append(out[s.Cell.Platform], s.Layout)
			slices.Sort(out[s.Cell.Platform])
		}
	}
	return out
}

// aaLayoutSeeds are the non-zero layout seeds aa ran on any platform, sorted; empty when aa ran control's
// own binary everywhere (or there is no aa).
func (m *model) aaLayoutSeeds() []int64 {
	var out []int64
	for _, ls := range m.AALayouts {
		for _, l := range ls {
			if l != 0 && !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
	}
	slices.Sort(out)
	return out
}

// rotatedLayouts is the fewest link layouts the report's runs rotated every candidate through across
// rounds (matrix.Plan.Layouts), 0 unless every run's manifest says it rotated: a page that merges a
// rotating run with one that did not (or whose run.json is unreadable) must not say every variant rotated.
func (m *model) rotatedLayouts() int {
	n := 0
	for i, src := range m.Sources {
		if src.Manifest == nil || len(src.Manifest.Plan.Layouts) == 0 {
			return 0
		}
		if l := len(src.Manifest.Plan.Layouts); i == 0 || l < n {
			n = l
		}
	}
	return n
}

// rotationText says that the run rotated its candidates through n link layouts (rotatedLayouts).
func rotationText(n int) string {
	return fmt.Sprintf("every variant rotated through %d link layouts across rounds; aa never shared control's layout in a round", n)
}

// aaHostText is how the first page's A/A line says what aa runs: control's code in another function
// layout (the check then covers build layout), or, for a run older than that, control's own binary; for
// a run rotating through layouts, that every variant did.
func (m *model) aaHostText() string {
	if n := m.rotatedLayouts(); n > 0 {
		return "control's code linked in another function layout than control's in each round: " + rotationText(n)
	}
	seeds := m.aaLayoutSeeds()
	if len(seeds) == 0 {
		return "the same binary, so build layout is not covered"
	}
	s := make([]string, len(seeds))
	for i, l := range seeds {
		s[i] = strconv.FormatInt(l, 10)
	}
	text := "control's code linked in another function layout, `-randlayout=" + strings.Join(s, ", ") + "`"
	for _, ls := range m.AALayouts {
		if slices.Contains(ls, 0) {
			return text + " (on some runs control's own binary)"
		}
	}
	return text
}

// layoutSensitivity is one platform's layout comparisons: control under other link layouts (candidates
// control@layout=N, and aa when it ran a layout of its own) against control, elapsed time.
type layoutSensitivity struct {
	Platform   string
	Candidates []string       // in the cells' order: aa first when it counts, then control@layout=N
	Cells      []*stats.Cell  // cells with at least one layout comparison
	Deltas     []*stats.Delta // every layout comparison with an estimate
	Widest     *stats.Delta   // the one with the largest |estimate|
	WidestCell *stats.Cell
}

// layoutCandidate reports whether candidate measures control under another layout on platform.
func (m *model) layoutCandidate(candidate, platform string) bool {
	control := cmp.Or(m.Analysis.Control, matrix.Control)
	if candidate == matrix.AA {
		return slices.ContainsFunc(m.AALayouts[platform], func(l int64) bool { return l != 0 })
	}
	return matrix.IsLayoutOf(candidate, control)
}

// layoutSensitivities are the platforms' layout comparisons, for the platforms that have any.
func (m *model) layoutSensitivities() []layoutSensitivity {
	var out []layoutSensitivity
	for _, p := range m.Platforms() {
		ls := layoutSensitivity{Platform: p}
		best := -1.0
		for _, c := range m.Analysis.Cells {
			if c.Platform != p {
				continue
			}
			in := false
			for _, d := range c.Deltas {
				if d.Metric != stats.Elapsed.Name || !m.layoutCandidate(d.Candidate, p) || !d.HasPairs() {
					continue
				}
				in = true
				if !slices.Contains(ls.Candidates, d.Candidate) {
					ls.Candidates = append(ls.Candidates, d.Candidate)
				}
				ls.Deltas = append(ls.Deltas, d)
				if est, _, _ := d.AdjustedPercent(); math.Abs(est) > best {
					best, ls.Widest, ls.WidestCell = math.Abs(est), d, c
				}
			}
			if in {
				ls.Cells = append(ls.Cells, c)
			}
		}
		if len(ls.Deltas) > 0 {
			out = append(out, ls)
		}
	}
	return out
}

// classes counts the layout comparisons by class.
func (ls layoutSensitivity) classes() map[stats.Class]int {
	out := map[stats.Class]int{}
	for _, d := range ls.Deltas {
		out[d.Class()]++
	}
	return out
}

// Exceeds reports whether a layout moved control past the equivalence margin: a comparison classed
// faster or slower (its interval excludes 0 and reaches past the margin).
func (ls layoutSensitivity) Exceeds() bool {
	c := ls.classes()
	return c[stats.Faster]+c[stats.Slower] > 0
}

// writeLayoutSensitivity states the run's build layout: what aa ran, and, when the run measured control
// under several layouts, how far a layout alone moved control's time on each platform, against the
// equivalence margin.
func writeLayoutSensitivity(w io.Writer, m *model) {
	if len(m.AALayouts) == 0 && len(m.layoutSensitivities()) == 0 {
		return
	}
	margin := pctNum(m.margin()*100) + "%"
	fmt.Fprintf(w, "**Build layout.** Go links each host at fixed addresses, so two variants' shared engine functions start at "+
		"different offsets of their cache lines; `aa` runs %s. ", m.aaHostText())
	all := m.layoutSensitivities()
	if len(all) == 0 {
		fmt.Fprintf(w, "The run measured no other layout of control, so its layout sensitivity is not measured here "+
			"(candidates `control@layout=N` measure it: `lab bench -variants control,aa,control@layout=1,control@layout=2,...`).\n\n")
		return
	}
	fmt.Fprintf(w, "Layout sensitivity - control under other link layouts (`-randlayout`) against control's own, elapsed time, "+
		"the equivalence margin ±%s:\n\n", margin)
	var rows [][]string
	for _, ls := range all {
		c := ls.classes()
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, d := range ls.Deltas {
			est, _, _ := d.AdjustedPercent()
			lo, hi = min(lo, est), max(hi, est)
		}
		est, dlo, dhi := ls.Widest.AdjustedPercent()
		widest := fmt.Sprintf("%s%% [%s, %s] (%s, %s/%d %s, %s)", PctSigned(est), PctSigned(dlo), PctSigned(dhi),
			ls.Widest.Candidate, ls.WidestCell.Workload, ls.WidestCell.DOP, ls.WidestCell.Phase, ls.WidestCell.Backend)
		verdict := "within the margin: every comparison ≈"
		switch {
		case ls.Exceeds() && m.rotatedLayouts() > 0:
			verdict = "**exceeds the margin**: " + rotationText(m.rotatedLayouts()) + ", so a layout's effect is spread over every comparison's rounds, not carried by one variant"
		case ls.Exceeds():
			verdict = "**exceeds the margin**: every variant should rotate through layouts across rounds (not yet done: variants keep one layout each)"
		case c[stats.Equivalent] < len(ls.Deltas):
			verdict = "not shown to exceed it; not shown within it either"
		}
		rows = append(rows, []string{ls.Platform, strconv.Itoa(len(ls.Candidates)), strconv.Itoa(len(ls.Cells)),
			PctSigned(lo) + "% to " + PctSigned(hi) + "%", widest,
			fmt.Sprintf("%d ≈, %d ~, %d past the margin, %d unstable", c[stats.Equivalent], c[stats.Inconclusive], c[stats.Faster]+c[stats.Slower], c[stats.Unstable]),
			verdict})
	}
	MarkdownTable(w, []string{"Platform", "Layouts", "Cells", "Estimates", "Largest (interval)", "Comparisons", "Sensitivity"}, rows)
}
