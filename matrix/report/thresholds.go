package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/deflatelab/deflatelab/matrix/giveback"
)

// markDashes tell the marked sizes' vertical lines apart, in giveback.Marks' order.
var markDashes = [][]vg.Length{{vg.Points(1), vg.Points(2)}, {vg.Points(5), vg.Points(3)}, nil}

// ThresholdsChart draws r as small multiples, one per backend: each pattern's steady faults per page
// against the block size (log axis), with the marked sizes (the deflate state's blocks) as vertical
// lines named in the legend.
func ThresholdsChart(r giveback.Result) ([]byte, error) {
	if len(r.Backends) == 0 {
		return nil, fmt.Errorf("report: thresholds chart: no backends")
	}
	legend := newFrame("", "", "")
	var patterns []giveback.Pattern
	for _, be := range r.Backends {
		for _, p := range be.Points {
			if !slices.Contains(patterns, p.Pattern) {
				patterns = append(patterns, p.Pattern)
			}
		}
	}
	for i, p := range patterns {
		legend.legendEntry(p.String(), palette[i%len(palette)], marks[i%len(marks)].filled)
	}
	for i, m := range r.Marks {
		name := fmt.Sprintf("%s, %s", m.Name, giveback.Bytes(m.Size))
		legend.legend.Add(name, markLine(i, 0, 0, 1))
		legend.names = append(legend.names, name)
	}
	var frames []*frame
	for _, be := range r.Backends {
		f, err := thresholdsPanel(r, be, patterns)
		if err != nil {
			return nil, err
		}
		frames = append(frames, f)
	}
	c, err := drawPanels("thresholds.svg", "", "", "Faults per page when a freed block is allocated again, "+r.Platform, frames, legend)
	if err != nil {
		return nil, err
	}
	return c.SVG, nil
}

// thresholdsPanel is one backend's panel: x is log2 of the block size, y the share of its pages faulted.
func thresholdsPanel(r giveback.Result, be giveback.Backend, patterns []giveback.Pattern) (*frame, error) {
	f := newFrame(be.Name, "block size (log scale)", "faults per page, steady")
	f.p.Title.TextStyle.Font.Size = vg.Points(11)
	lo, hi := math.Inf(1), math.Inf(-1)
	yhi := 1.0
	for _, p := range be.Points {
		lo, hi = math.Min(lo, math.Log2(float64(p.Size))), math.Max(hi, math.Log2(float64(p.Size)))
		yhi = math.Max(yhi, p.Ratio)
	}
	pad := math.Max(0.3, (hi-lo)*0.04)
	f.p.X.Min, f.p.X.Max = lo-pad, hi+pad
	f.p.Y.Min, f.p.Y.Max = -0.1, yhi+0.1
	f.p.X.Tick.Marker = sizeTicks{}
	for i, m := range r.Marks {
		x := math.Log2(float64(m.Size))
		if x < f.p.X.Min || x > f.p.X.Max {
			continue
		}
		f.p.Add(markLine(i, x, f.p.Y.Min, f.p.Y.Max))
		f.lines = append(f.lines, plotter.XYs{{X: x, Y: f.p.Y.Min}, {X: x, Y: f.p.Y.Max}})
	}
	for i, pat := range patterns {
		var pts points
		var line plotter.XYs
		for _, p := range be.Points {
			if p.Pattern != pat {
				continue
			}
			x, y := math.Log2(float64(p.Size)), p.Ratio+patternNudge*(float64(i)-float64(len(patterns)-1)/2)
			pts.add(x, y, errBar{}, errBar{Low: p.Ratio - p.RatioLow, High: p.RatioHigh - p.Ratio}, "")
			line = append(line, plotter.XY{X: x, Y: y})
		}
		if len(line) == 0 {
			continue
		}
		col := palette[i%len(palette)]
		l, err := plotter.NewLine(line)
		if err != nil {
			return nil, err
		}
		l.LineStyle.Color = col
		l.LineStyle.Width = vg.Points(0.8)
		f.p.Add(l)
		if err := f.addPoints(&pts, col, marks[i%len(marks)].filled, "", false, true); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// patternNudge draws the patterns this far apart vertically (in faults per page), so that a pattern's
// marks hidden under another's with the same value show; the tables have the values.
const patternNudge = 0.03

// markLine is the i-th marked size's vertical line at x from y0 to y1 (the legend draws only its style).
func markLine(i int, x, y0, y1 float64) *plotter.Line {
	l, _ := plotter.NewLine(plotter.XYs{{X: x, Y: y0}, {X: x, Y: y1}})
	l.LineStyle.Color = color.Black
	l.LineStyle.Width = vg.Points(1)
	l.LineStyle.Dashes = markDashes[i%len(markDashes)]
	return l
}

// sizeTicks label a log2 axis of bytes at every third power of two from 4 KiB (4 KiB, 32 KiB, 256 KiB,
// 2 MiB: a panel half a chart wide holds no more), with unlabelled ticks at the others.
type sizeTicks struct{}

// sizeTickStep is the powers of two between two labelled ticks.
const sizeTickStep = 3

func (sizeTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for e := math.Ceil(lo); e <= hi; e++ {
		t := plot.Tick{Value: e}
		if int(e-12)%sizeTickStep == 0 {
			t.Label = giveback.Bytes(1 << int(e))
		}
		ts = append(ts, t)
	}
	return ts
}

// WriteThresholds writes r into dir as name.json (the data), name.svg (ThresholdsChart) and name.md
// (the tables, linking the chart), each through a temporary file, so that no reader meets half a file;
// it returns the markdown's path.
func WriteThresholds(dir, name string, r giveback.Result) (string, error) {
	svg, err := ThresholdsChart(r)
	if err != nil {
		return "", err
	}
	var js, md bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	if err := r.Markdown(&md, name+".svg"); err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	for _, f := range []struct {
		ext  string
		data []byte
	}{{".json", js.Bytes()}, {".svg", svg}, {".md", md.Bytes()}} {
		if err := writeFileAtomic(filepath.Join(dir, name+f.ext), f.data); err != nil {
			return "", err
		}
	}
	return filepath.Join(dir, name+".md"), nil
}
