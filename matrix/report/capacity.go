package report

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/stats"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// capacityView compares the pooled candidates of different capacities (pooled/N): each one's idle memory
// beside its warm and cold deltas, per platform, backend, workload and DOP.
type capacityView struct {
	a          *stats.Analysis
	candidates []string // pooled/N, by N
	capacity   map[string]int
	drawn      []chart // set by charts
}

// newCapacityView returns nil when the analysis has no pooled/N candidate.
func newCapacityView(a *stats.Analysis) (*capacityView, error) {
	v := &capacityView{a: a, capacity: map[string]int{}}
	for _, c := range a.Cells {
		for _, name := range c.Candidates(a.Control) {
			if _, ok := v.capacity[name]; ok {
				continue
			}
			if variant, n, err := matrix.ParseCandidate(name); err == nil && variant == matrix.Pooled && n > 0 {
				v.capacity[name] = n
				v.candidates = append(v.candidates, name)
			}
		}
	}
	if len(v.candidates) == 0 {
		return nil, nil
	}
	slices.SortFunc(v.candidates, func(x, y string) int { return v.capacity[x] - v.capacity[y] })
	return v, nil
}

// warmCells lists the warm cells, in the analysis' order (platform, backend, workload, DOP).
func (v *capacityView) warmCells() []*stats.Cell {
	var out []*stats.Cell
	for _, c := range v.a.Cells {
		if c.Phase == hostresult.Warm {
			out = append(out, c)
		}
	}
	return out
}

// idle is candidate's median idle bytes at the end of the warm region of cell c.
func (v *capacityView) idle(c *stats.Cell, candidate string) stats.Estimate {
	if x := c.Variant(candidate); x != nil {
		return x.Metrics[stats.IdleBytes.Name]
	}
	return stats.Estimate{Center: math.NaN()}
}

// losing reports whether d's class says the candidate is slower than control.
func losing(d *stats.Delta) bool { return d != nil && d.Class() == stats.Slower }

func (v *capacityView) write(w io.Writer) {
	fmt.Fprintf(w, "## Capacities against control\n\n")
	fmt.Fprintf(w, "Each pooled capacity is a candidate of its own (pooled/N: N idle slots). *Idle retained* is the exact size of the "+
		"blocks the pool holds idle at the end of the warm region (median over samples, bytes); the changes are elapsed time vs "+
		"control, paired by round, in %%, with the intervals and classes of the elapsed-time tables. %s.\n\n", familyNote("elapsed time", elapsedDelta(v.a)))
	for _, c := range v.warmCells() {
		if !workload.Cycles(c.Workload) {
			continue
		}
		fmt.Fprintf(w, "- %s\n", v.verdict(c))
	}
	fmt.Fprintln(w)
	var rows [][]string
	for _, c := range v.warmCells() {
		cold := cellOf(v.a, c.Cell, hostresult.Cold)
		for _, cand := range v.candidates {
			if c.Variant(cand) == nil {
				continue
			}
			coldDelta := "n/a"
			if cold != nil {
				coldDelta = deltaCell(cold.Delta(cand, stats.Elapsed.Name))
			}
			rows = append(rows, []string{c.Platform, c.Backend, c.Workload, dopCell(c), cand,
				bytesNum(v.idle(c, cand).Center), deltaCell(c.Delta(cand, stats.Elapsed.Name)), coldDelta})
		}
	}
	MarkdownTable(w, []string{"Platform", "Backend", "Workload", "DOP", "Candidate", "Idle retained (warm)",
		"Warm change, % [interval]", "Cold change, % [interval]"}, rows)
	if len(v.drawn) > 0 {
		fmt.Fprintf(w, "The chart of idle memory against the %s warm change is under Charts.\n\n", v.cycling())
	}
}

// cycling names the run's workloads that cycle through configurations, the ones that fill a pool's
// slots and whose warm cells the capacity verdicts and charts read: "mixed".
func (v *capacityView) cycling() string {
	var names []string
	for _, c := range v.warmCells() {
		if workload.Cycles(c.Workload) && !slices.Contains(names, c.Workload) {
			names = append(names, c.Workload)
		}
	}
	return strings.Join(names, ", ")
}

// verdict says, for one warm cell of a cycling workload, at which capacity the pool stops losing to control and from which
// it wins, and what each capacity holds idle.
func (v *capacityView) verdict(c *stats.Cell) string {
	head := fmt.Sprintf("%s, %s, %s, DOP %s, warm: ", c.Platform, c.Backend, c.Workload, dopCell(c))
	var parts []string
	stop, win := "", ""
	for _, cand := range v.candidates {
		d := c.Delta(cand, stats.Elapsed.Name)
		if d == nil {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s (idle %s)", cand, deltaCell(d), bytesNum(v.idle(c, cand).Center)))
		if stop == "" && !losing(d) {
			stop = cand
		}
		if win == "" && d.Class() == stats.Faster {
			win = cand
		}
	}
	var says []string
	switch {
	case len(parts) == 0:
		return head + "no pooled candidate measured."
	case stop == "":
		says = append(says, "slower than control at every capacity measured")
	case stop == v.candidates[0]:
		says = append(says, "not slower than control from the smallest capacity measured, "+stop)
	default:
		says = append(says, "stops losing at "+stop)
	}
	if win != "" {
		says = append(says, "faster than control from "+win)
	}
	return head + strings.Join(says, "; ") + ". Change vs control in %: " + strings.Join(parts, "; ")
}

// charts draws, per platform and backend, each capacity's idle memory against its warm delta on the
// cycling workloads (mixed).
func (v *capacityView) charts() ([]chart, error) {
	type key struct{ platform, backend string }
	var keys []key
	byKey := map[key][]*stats.Cell{}
	for _, c := range v.warmCells() {
		if !workload.Cycles(c.Workload) {
			continue
		}
		k := key{c.Platform, c.Backend}
		if byKey[k] == nil {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], c)
	}
	v.drawn = nil
	for _, k := range keys {
		f := newFrame(fmt.Sprintf("Pool capacity on %s, backend %s\nidle memory vs %s warm change", k.platform, k.backend, v.cycling()),
			"idle retained at the end of the warm region (MiB, median)", fmt.Sprintf("warm change, %s (%%; up = slower)", v.cycling()))
		xhi, ylo, yhi := 0.0, 0.0, 0.0
		for i, c := range byKey[k] {
			var pts, sig, ns points // all (for the line), significant (filled glyphs), not significant (hollow)
			for _, cand := range v.candidates {
				d := c.Delta(cand, stats.Elapsed.Name)
				idle := v.idle(c, cand)
				if d == nil || !d.HasPairs() || idle.Empty() {
					continue
				}
				y, lo, hi := d.AdjustedPercent()
				e := errBar{}
				if !d.Thin() && !math.IsInf(lo, 0) && !math.IsInf(hi, 0) {
					e = errBar{Low: y - lo, High: hi - y}
					ylo, yhi = math.Min(ylo, lo), math.Max(yhi, hi)
				}
				x := idle.Center / (1 << 20)
				label := ""
				if i == 0 { // each capacity named once, on the first DOP's curve: the others run in the same order
					label = cand
				}
				pts.add(x, y, errBar{}, e, label)
				if d.Class().Decided() {
					sig.add(x, y, errBar{}, e, label)
				} else {
					ns.add(x, y, errBar{}, e, label)
				}
				xhi, ylo, yhi = math.Max(xhi, x), math.Min(ylo, y), math.Max(yhi, y)
			}
			if len(pts.XYs) == 0 {
				continue
			}
			col, mk := palette[i%len(palette)], marks[i%len(marks)]
			if err := joinPoints(f.p, pts.XYs, col); err != nil {
				return nil, err
			}
			f.lines = append(f.lines, pts.XYs)
			if err := f.addPoints(&sig, col, mk.filled, "", false, true); err != nil {
				return nil, err
			}
			if err := f.addPoints(&ns, col, mk.hollow, "", false, true); err != nil {
				return nil, err
			}
			f.legendEntry("DOP "+dopCell(c), col, mk.filled)
		}
		pad := math.Max(10, (yhi-ylo)*0.12)
		f.p.X.Min, f.p.X.Max = 0, math.Max(1, xhi*1.15)
		f.p.Y.Min, f.p.Y.Max = ylo-pad, yhi+pad
		if err := zeroLine(f.p, false); err != nil {
			return nil, err
		}
		ch, err := f.draw("capacity-"+slug(k.platform)+"-"+slug(k.backend)+".svg",
			fmt.Sprintf("Pool capacity, %s, %s", k.platform, k.backend),
			"Each point is one pooled capacity at one DOP: its median idle memory (x) against its paired warm change on the "+v.cycling()+" workload (y), with the change's selection-adjusted interval (family *elapsed time*); filled: faster or slower, hollow: not decided. Each DOP's line joins its capacities in order, smallest first; the capacities are named on the first DOP's line. Below the dashed line the pool beats control. "+v.capacityNote(k.platform, k.backend))
		if err != nil {
			return nil, err
		}
		v.drawn = append(v.drawn, ch)
	}
	return v.drawn, nil
}

// joinPoints draws a thin line through xys in colour col, so that one DOP's capacities read as a curve.
func joinPoints(p *plot.Plot, xys plotter.XYs, col color.RGBA) error {
	l, err := plotter.NewLine(xys)
	if err != nil {
		return err
	}
	l.LineStyle.Color = col
	l.LineStyle.Width = vg.Points(0.5)
	p.Add(l)
	return nil
}

// capacityNote is what one capacity chart shows that another does not: each capacity's idle memory on
// the platform and backend, smallest to largest median over its warm cells of cycling workloads.
func (v *capacityView) capacityNote(platform, backend string) string {
	var parts []string
	for _, cand := range v.candidates {
		lo, hi := math.Inf(1), 0.0
		for _, c := range v.warmCells() {
			if c.Platform != platform || c.Backend != backend || !workload.Cycles(c.Workload) || c.Variant(cand) == nil {
				continue
			}
			if e := v.idle(c, cand); !e.Empty() {
				lo, hi = math.Min(lo, e.Center), math.Max(hi, e.Center)
			}
		}
		if hi > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", cand, bytesRange(lo, hi)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Idle memory on " + backend + ": " + strings.Join(parts, ", ") + "."
}
