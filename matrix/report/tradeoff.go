package report

import (
	"math"

	"github.com/deflatelab/deflatelab/matrix/stats"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// minHalfSpan is the least half-width of a ratio axis (ln 1.2: at least -17% to +20% shown), so that
// a chart of small changes does not magnify noise.
var minHalfSpan = math.Log(1.2)

// logErr returns a delta's log-ratio estimate and its interval as error bar lengths (none when thin).
func logErr(d *stats.Delta) (float64, errBar) {
	if d.Log.N == 0 {
		return 0, errBar{}
	}
	if d.Thin() {
		return d.Log.Estimate, errBar{}
	}
	return d.Log.Estimate, errBar{Low: d.Log.Estimate - d.Log.Lo, High: d.Log.Hi - d.Log.Estimate}
}

// candidateIndex gives every candidate of the report a stable colour and mark, by name order.
func candidateIndex(m *model) map[string]int {
	idx := map[string]int{}
	for _, p := range m.Platforms() {
		for _, g := range m.Groups(p) {
			for _, c := range g.Candidates(m.Analysis.Control) {
				if _, ok := idx[c]; !ok {
					idx[c] = len(idx)
				}
			}
		}
	}
	return idx
}

// tradeoffCharts draws one tradeoff chart per platform: small multiples, one panel per backend.
func tradeoffCharts(m *model) ([]chart, error) {
	var out []chart
	idx := candidateIndex(m)
	for _, p := range m.Platforms() {
		var frames []*frame
		legend := newFrame("", "", "")
		hollow := false
		seen := map[string]bool{}
		for _, g := range m.Groups(p) {
			f, h, err := tradeoffPanel(m, g, idx)
			if err != nil {
				return nil, err
			}
			frames = append(frames, f)
			hollow = hollow || h
			for _, cand := range g.Candidates(m.Analysis.Control) {
				if !seen[cand] {
					seen[cand] = true
					i := idx[cand]
					legend.legendEntry(cand, palette[i%len(palette)], marks[i%len(marks)].filled)
				}
			}
		}
		if hollow {
			legend.legendEntry("hollow: ~ in a phase", gray, draw.RingGlyph{})
		}
		c, err := drawPanels("tradeoff-"+slug(p)+".svg", "Tradeoff, "+p, tradeoffCaption, "Tradeoff on "+p+": cold vs warm change, per backend", frames, legend)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

const tradeoffCaption = "One panel per backend; each point is one candidate in one workload/DOP: the Hodges-Lehmann change of cold (x) " +
	"against warm (y) time per operation, with their 95% intervals (no bar: too few pairs). Both axes are logarithmic, " +
	"so halving and doubling sit at equal distances from the dashed no-change lines. Lower left is better in both " +
	"phases; a filled mark is significant in both phases after the correction, a hollow one is not (\"~\") in at least " +
	"one. A label that would overlap another is left out; the tables name every cell."

// tradeoffPanel plots, for one platform and backend, each candidate's warm change against its cold
// change, one point per workload and DOP, both axes log ratios labelled in percent. hollow reports whether
// any point is "~" in a phase.
func tradeoffPanel(m *model, g group, idx map[string]int) (f *frame, hollow bool, err error) {
	f = newFrame("backend "+g.Backend, "cold change (log scale)", "warm change (log scale)")
	f.p.X.Tick.Marker, f.p.Y.Tick.Marker = ratioTicks{gap: 0.22}, ratioTicks{gap: 0.12}
	for _, sty := range []*font.Font{&f.p.X.Label.TextStyle.Font, &f.p.Y.Label.TextStyle.Font, &f.p.Title.TextStyle.Font} {
		sty.Size = vg.Points(10)
	}
	var xs, ys []float64
	keys, cells := g.Rows()
	for _, cand := range g.Candidates(m.Analysis.Control) {
		var filled, open points
		for _, k := range keys {
			cold, warm := cells[k]["cold"], cells[k]["warm"]
			if cold == nil || warm == nil {
				continue
			}
			cd, wd := cold.Delta(cand, stats.Elapsed.Name), warm.Delta(cand, stats.Elapsed.Name)
			if cd == nil || wd == nil || cd.Log.N == 0 || wd.Log.N == 0 {
				continue
			}
			x, xe := logErr(cd)
			y, ye := logErr(wd)
			pts := &open
			if cd.Significant() && wd.Significant() {
				pts = &filled
			} else {
				hollow = true
			}
			pts.add(x, y, xe, ye, m.cellLabel(g.Platform, k.Workload, k.DOP))
			xs, ys = append(xs, x-xe.Low, x+xe.High), append(ys, y-ye.Low, y+ye.High)
		}
		i := idx[cand]
		col, mk := palette[i%len(palette)], marks[i%len(marks)]
		if err := f.addPoints(&filled, col, mk.filled, "", true, true); err != nil {
			return nil, false, err
		}
		if err := f.addPoints(&open, col, mk.hollow, "", true, true); err != nil {
			return nil, false, err
		}
	}
	if len(xs) == 0 {
		f.p.Title.Text += " (no cell with both phases paired)"
	}
	f.p.X.Min, f.p.X.Max = logRange(xs, minHalfSpan)
	f.p.Y.Min, f.p.Y.Max = logRange(ys, minHalfSpan)
	if err := zeroLine(f.p, true); err != nil {
		return nil, false, err
	}
	if err := zeroLine(f.p, false); err != nil {
		return nil, false, err
	}
	return f, hollow, nil
}
