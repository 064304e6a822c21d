package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// unstableSide is one variant of one cell whose rounds ran at two speeds, and the candidates whose
// comparison it made unstable.
type unstableSide struct {
	Cell       *stats.Cell
	Variant    *stats.Variant
	Candidates []string
}

// unstableSides lists every flagged variant of every cell in the analysis' order, control first.
func unstableSides(m *model) []unstableSide {
	var out []unstableSide
	for _, c := range m.Analysis.Cells {
		for _, v := range c.Variants {
			if !v.Regimes.Flagged {
				continue
			}
			u := unstableSide{Cell: c, Variant: v}
			for _, d := range c.Deltas {
				if d.Metric == stats.Elapsed.Name && d.Unstable && (v.Name == m.Analysis.Control || d.Candidate == v.Name) {
					u.Candidates = append(u.Candidates, d.Candidate)
				}
			}
			out = append(out, u)
		}
	}
	return out
}

// unstableHeading heads writeUnstable's list, which the A/A check links.
const unstableHeading = "Unstable cells"

// writeUnstable lists the cells judged unstable: each flagged variant's per-round times and its two speed
// groups, so that a reader sees what the verdict was withheld from.
func writeUnstable(w io.Writer, m *model) {
	sides := unstableSides(m)
	if len(sides) == 0 {
		return
	}
	fmt.Fprintf(w, "## %s\n\n", unstableHeading)
	fmt.Fprintf(w, "In these cells control or the candidate ran at **two separated speeds** from round to round (a gap "+
		"of at least %sx between its rounds, and at least %s robust SDs of the noise within each speed; "+
		"[docs/METHOD.md](%s)): the rounds measured two machine or process states, not one effect, so the "+
		"cell gets the verdict **unstable** instead of faster, slower or \"~\", counts in no verdict group and is "+
		"not significant in any chart. Times per operation in us, in round order.\n\n",
		shortest(regimeRatio()), shortest(regimeSeparation()), m.MethodLink)
	var rows [][]string
	for _, u := range sides {
		rg := u.Variant.Regimes
		vals := make([]string, len(rg.Values))
		for i, v := range rg.Values {
			vals[i] = num(v / 1000)
		}
		shape := "scattered"
		if rg.Contiguous {
			shape = fmt.Sprintf("changes at round %d", rg.Rounds[rg.ChangeAt].Round)
		}
		rows = append(rows, []string{
			fmt.Sprintf("%s %s %s", u.Cell.Backend, m.cellLabel(u.Cell.Platform, u.Cell.Workload, u.Cell.DOP), u.Cell.Phase) + platformSuffix(m, u.Cell),
			u.Variant.Name, strings.Join(vals, " "),
			fmt.Sprintf("%s (%d)", num(rg.Low.Median/1000), rg.Low.N),
			fmt.Sprintf("%s (%d)", num(rg.High.Median/1000), rg.High.N),
			num(rg.Ratio) + "x", shape, withheldFor(u),
		})
	}
	MarkdownTable(w, []string{"Cell", "Variant", "Per round (us/op)", "Fast: median (rounds)", "Slow: median (rounds)", "Gap", "Shape", "Verdict withheld for"}, rows)
	var notes []string
	for _, u := range sides {
		for _, s := range u.Cell.SiblingsAtOneSpeed(u.Variant) {
			speed := "fast"
			if s.Slow {
				speed = "slow"
			}
			notes = append(notes, fmt.Sprintf("- %s %s %s: **%s** ran every round at %s's %s speed; the state that switched %s "+
				"may have held %s for the whole cell, where no detector within the cell can see it, so its verdict there "+
				"stands with that caveat.", u.Cell.Backend, m.cellLabel(u.Cell.Platform, u.Cell.Workload, u.Cell.DOP), u.Cell.Phase,
				s.Name, u.Variant.Name, speed, u.Variant.Name, s.Name))
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "Same host, one speed throughout:\n\n%s\n\n", strings.Join(notes, "\n"))
	}
}

// withheldFor names the candidates whose verdict a flagged side withheld; none when every one of its
// comparisons switched in the same rounds on both sides (stats: a state both shared, which pairing cancels).
func withheldFor(u unstableSide) string {
	if len(u.Candidates) == 0 {
		return "none: its pairs switched in the same rounds, which the pairing cancels"
	}
	return strings.Join(u.Candidates, ", ")
}

// platformSuffix names the cell's platform when the report has several.
func platformSuffix(m *model, c *stats.Cell) string {
	if len(m.Platforms()) > 1 {
		return " (" + c.Platform + ")"
	}
	return ""
}

func regimeRatio() float64      { r, _ := stats.RegimeThresholds(); return r }
func regimeSeparation() float64 { _, s := stats.RegimeThresholds(); return s }
