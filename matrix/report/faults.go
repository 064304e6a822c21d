package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// faultsCharts draws one page-fault chart per platform and backend, the backends of a platform on one
// y scale, so that charts read side by side compare by position.
func faultsCharts(m *model) ([]chart, error) {
	var out []chart
	for _, p := range m.Platforms() {
		groups := m.Groups(p)
		var span faultSpan
		for _, g := range groups {
			span.cover(m, g)
		}
		for _, g := range groups {
			c, err := faultsChart(m, g, span)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
	}
	return out, nil
}

// faultSpan is the range of the values a faults chart draws: the smallest and largest positive
// medians and interval ends, and whether any median or lower end is 0.
type faultSpan struct {
	minPos, maxV float64 // 0, 0 until a positive value is seen
	hasZero      bool
}

// cover widens s to the faults of every variant in every cell of g.
func (s *faultSpan) cover(m *model, g group) {
	for _, c := range g.Cells {
		for _, name := range append([]string{m.Analysis.Control}, g.Candidates(m.Analysis.Control)...) {
			vr := c.Variant(name)
			if vr == nil || vr.Metrics[stats.Faults.Name].Empty() {
				continue
			}
			e := vr.Metrics[stats.Faults.Name]
			for _, x := range []float64{e.Center, e.Lo, e.Hi} {
				if x > 0 && !math.IsInf(x, 0) {
					if s.minPos == 0 || x < s.minPos {
						s.minPos = x
					}
					s.maxV = math.Max(s.maxV, x)
				}
			}
			s.hasZero = s.hasZero || e.Center == 0 || e.Lo == 0
		}
	}
}

// decades returns the log10 axis range of s: whole decades around its positive values (0.1 to 1 when it
// has none).
func (s faultSpan) decades() (lo, hi float64) {
	minPos, maxV := s.minPos, s.maxV
	if minPos == 0 {
		minPos, maxV = 0.1, 1
	}
	lo, hi = math.Floor(math.Log10(minPos)), math.Ceil(math.Log10(maxV))
	if hi <= lo {
		hi = lo + 1
	}
	return lo, hi
}

// maxSlantedLabels is the most cell labels the faults chart's x axis holds at 30 degrees without two
// touching (16: two workloads at four DOPs, two phases); more stand upright.
const maxSlantedLabels = 16

// faultsChart draws the median page faults per operation of every variant in every cell of one platform
// and backend, with their intervals, on a logarithmic axis spanning span (values from thousandths to tens
// of faults per operation sit side by side); a median of 0 is drawn on the bottom line, labelled 0.
func faultsChart(m *model, g group, span faultSpan) (chart, error) {
	f := newFrame(fmt.Sprintf("Page faults per operation on %s, backend %s", g.Platform, g.Backend), "", "faults/op (median, log scale)")
	order := append([]string{m.Analysis.Control}, g.Candidates(m.Analysis.Control)...)
	type val struct{ c, lo, hi float64 }
	vals := map[string][]val{}
	var names []string
	for _, c := range g.Cells {
		names = append(names, m.cellLabel(c.Platform, c.Workload, c.DOP)+" "+c.Phase)
		for _, name := range order {
			v := val{math.NaN(), math.NaN(), math.NaN()}
			if vr := c.Variant(name); vr != nil && !vr.Metrics[stats.Faults.Name].Empty() {
				e := vr.Metrics[stats.Faults.Name]
				v = val{e.Center, e.Lo, e.Hi}
			}
			vals[name] = append(vals[name], v)
		}
	}
	lo, hi := span.decades()
	hasZero := span.hasZero
	floor := math.NaN()
	if hasZero {
		floor = lo - 0.5
	}
	ylog := func(v float64) float64 {
		if v <= 0 {
			return lo - 0.5
		}
		return math.Log10(v)
	}
	for i, name := range order {
		var pts points
		for j, v := range vals[name] {
			if math.IsNaN(v.c) {
				continue
			}
			y := ylog(v.c)
			e := errBar{}
			if !math.IsInf(v.lo, 0) && !math.IsInf(v.hi, 0) {
				e = errBar{Low: y - ylog(v.lo), High: ylog(v.hi) - y}
			}
			x := float64(j) + (float64(i)-float64(len(order)-1)/2)*0.6/float64(len(order))
			pts.add(x, y, errBar{}, e, "")
		}
		mk := marks[0].filled
		if err := f.addPoints(&pts, palette[i%len(palette)], mk, name, false, true); err != nil {
			return chart{}, err
		}
	}
	f.p.NominalX(names...)
	f.p.X.Tick.Label.Rotation = math.Pi / 6
	if len(names) > maxSlantedLabels { // three workloads at four DOPs: 24 slanted labels would collide
		f.p.X.Tick.Label.Rotation = math.Pi / 2
	}
	f.p.X.Tick.Label.XAlign = -1 // right-aligned under the tick
	f.p.X.Min, f.p.X.Max = -0.6, float64(len(names))-0.4
	bottom := lo
	if hasZero {
		bottom = lo - 0.5
	}
	// The axis ends on powers of ten, which decadeTicks always labels, so that a reader sees how far it
	// reaches; below the zeros' row it keeps its margin.
	f.p.Y.Min, f.p.Y.Max = bottom-0.15*(hi-bottom), math.Ceil(hi+0.1*(hi-bottom)-1e-9)
	if !hasZero {
		f.p.Y.Min = math.Floor(f.p.Y.Min + 1e-9)
	}
	f.p.Y.Tick.Marker = decadeTicks{floor: floor}
	centers := map[string][]float64{}
	for name, vs := range vals {
		for _, v := range vs {
			centers[name] = append(centers[name], v.c)
		}
	}
	return f.draw("faults-"+slug(g.Platform)+"-"+slug(g.Backend)+".svg", fmt.Sprintf("Page faults, %s, %s", g.Platform, g.Backend),
		faultsNote(order, centers)+" Median page faults (minor + major) per operation of each variant in each cell, with "+
			"95% intervals, on a logarithmic axis shared by every backend of "+g.Platform+"; a median of 0 sits on the line labelled 0.")
}

// faultsNote is what one faults chart shows that another does not: each variant's range of median faults
// per operation over the chart's cells.
func faultsNote(order []string, centers map[string][]float64) string {
	var parts []string
	for _, name := range order {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, c := range centers[name] {
			if !math.IsNaN(c) {
				lo, hi = math.Min(lo, c), math.Max(hi, c)
			}
		}
		switch {
		case math.IsInf(lo, 1):
		case num(lo) == num(hi):
			parts = append(parts, name+" "+num(lo))
		default:
			parts = append(parts, name+" "+num(lo)+" to "+num(hi))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Median faults per operation here: " + strings.Join(parts, "; ") + "."
}
