package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// binSpread separates the variants' points of one bin on the log x axis, as a factor per variant, so that
// their intervals do not hide each other.
const binSpread = 0.06

// draw makes the cold-start and capacity charts.
func (cs *coldStart) draw() ([]chart, error) {
	var out []chart
	if cs.first != nil {
		for _, c := range cs.first.Cells {
			ch, err := cs.timelineChart(c)
			if err != nil {
				return nil, err
			}
			out = append(out, ch)
		}
	}
	if cs.capacity != nil {
		chs, err := cs.capacity.charts()
		if err != nil {
			return nil, err
		}
		out = append(out, chs...)
	}
	return out, nil
}

// timelineChart draws, for one cold cell, each variant's median µs/op per timeline bin with its interval
// on log-log axes, and its warm level as a dashed line: where the points meet the line, cold has
// converged to warm.
func (cs *coldStart) timelineChart(c *stats.Cell) (chart, error) {
	f := newFrame(fmt.Sprintf("Cold start on %s, backend %s, %s, DOP %d", c.Platform, c.Backend, c.Workload, c.DOP),
		"operation number (log2 bins)", "us per operation (median)")
	p := f.p
	// log10 values on linear axes, not log scales: gonum pads a log axis for its label as if the label
	// stood over the arithmetic middle of its range (lifeX), a blank strip at the right and the top.
	p.X.Tick.Marker, p.Y.Tick.Marker = log10Ticks{logValueTicks{}}, log10Ticks{logValueTicks{}}
	ops := cs.ops[c.Cell]
	xmax := 1.0
	ylo, yhi := math.Inf(1), 0.0
	for i, v := range c.Variants {
		var pts points
		off := 1 + binSpread*(float64(i)-float64(len(c.Variants)-1)/2)
		for k, an := range cs.bins {
			e := perOp(an, c.Cell, hostresult.Cold, v.Name)
			if e.Empty() || e.Center <= 0 {
				continue
			}
			first, last := hostresult.BinRange(k)
			if ops > 0 {
				last = min(last, ops)
			}
			x := math.Sqrt(float64(first)*float64(last)) * off
			y := e.Center / 1e3
			eb := errBar{}
			if !e.Thin() && e.Lo > 0 {
				eb = errBar{Low: math.Log10(y) - math.Log10(e.Lo/1e3), High: math.Log10(e.Hi/1e3) - math.Log10(y)}
				ylo, yhi = math.Min(ylo, e.Lo/1e3), math.Max(yhi, e.Hi/1e3)
			}
			ylo, yhi = math.Min(ylo, y), math.Max(yhi, y)
			xmax = math.Max(xmax, x)
			pts.add(math.Log10(x), math.Log10(y), errBar{}, eb, "")
		}
		if len(pts.XYs) == 0 {
			continue
		}
		col := palette[i%len(palette)]
		if err := f.addPoints(&pts, col, marks[i%len(marks)].filled, v.Name+" (cold)", false, true); err != nil {
			return chart{}, err
		}
		if wl := perOp(cs.warm, c.Cell, hostresult.Warm, v.Name); !wl.Empty() && wl.Center > 0 {
			l, err := plotter.NewLine(plotter.XYs{{X: math.Log10(0.8), Y: math.Log10(wl.Center / 1e3)}, {X: math.Log10(xmax * 1.25), Y: math.Log10(wl.Center / 1e3)}})
			if err != nil {
				return chart{}, err
			}
			l.LineStyle.Color = col
			l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			p.Add(l)
			f.legend.Add(v.Name+" (warm)", l)
			f.names = append(f.names, v.Name+" (warm)")
			ylo, yhi = math.Min(ylo, wl.Center/1e3), math.Max(yhi, wl.Center/1e3)
		}
	}
	if yhi == 0 {
		p.Title.Text += " (no timeline)"
		ylo, yhi = 1, 10
	}
	p.X.Min, p.X.Max = math.Log10(0.8), math.Log10(xmax*1.25)
	// From the power of ten below the lowest point, so that at least two decades are labelled.
	p.Y.Min = math.Floor(math.Log10(ylo))
	p.Y.Max = math.Log10(labelledTop(math.Pow(10, p.Y.Min), yhi*1.3))
	name := fmt.Sprintf("timeline-%s-%s-%s-dop%d.svg", slug(c.Platform), slug(c.Backend), c.Workload, c.DOP)
	return f.draw(name, fmt.Sprintf("Cold start, %s, %s, %s, DOP %d", c.Platform, c.Backend, workloadLabel(c.Workload), c.DOP),
		cs.timelineCaption(c))
}

// timelineCaption says what one timeline chart shows that the others do not: from which operation each
// variant runs at its warm speed, and what the first operations cost against control; then, briefly, how
// to read it.
func (cs *coldStart) timelineCaption(c *stats.Cell) string {
	var conv, first []string
	for _, v := range c.Variants {
		n := "not within the phase"
		if k := cs.converged(c.Cell, v.Name); k > 0 {
			n = strconv.Itoa(k)
		}
		conv = append(conv, v.Name+" "+n)
		if v.Name != cs.control && cs.first8 != nil {
			first = append(first, v.Name+" "+deltaCell(deltaOf(cs.first8, c.Cell, hostresult.Cold, v.Name))+"%")
		}
	}
	s := "At its warm speed from operation: " + strings.Join(conv, ", ") + "."
	if len(first) > 0 {
		s += fmt.Sprintf(" First %d operations against control: %s (family *first %d ops*).", firstOps, strings.Join(first, "; "), firstOps)
	}
	return s + " Points: each variant's median time per operation in log2 bins of the operation number (bin k holds " +
		"operations 2^(k-1)+1 to 2^k), with its interval; dashed: its warm time per operation."
}
