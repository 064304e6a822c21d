package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// errBar is one point's error bar lengths below and above it.
type errBar = struct{ Low, High float64 }

// chart is one SVG file of a report.
type chart struct {
	File, Title, Caption string
	SVG                  []byte
}

// palette is Okabe and Ito's colour-blind-safe set; every chart has an explicit white background, so the
// colours read the same on GitHub's light and dark themes.
var palette = []color.RGBA{
	{0x00, 0x72, 0xB2, 0xff}, // blue
	{0xD5, 0x5E, 0x00, 0xff}, // vermillion
	{0x00, 0x9E, 0x73, 0xff}, // bluish green
	{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
	{0xE6, 0x9F, 0x00, 0xff}, // orange
	{0x56, 0xB4, 0xE9, 0xff}, // sky blue
}

var (
	gray   = color.RGBA{0x88, 0x88, 0x88, 0xff}
	shapes = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.TriangleGlyph{}, draw.SquareGlyph{}, draw.PlusGlyph{}, draw.CrossGlyph{}}
)

// Chart size: small enough to sit beside text on GitHub, large enough for the labels.
const (
	chartW = 6 * vg.Inch
	chartH = 4 * vg.Inch
)

// charts draws every chart of a report: per platform the tradeoff and the faults, then the summary.
func charts(m *model) ([]chart, error) {
	var out []chart
	for _, p := range m.Platforms() {
		c, err := tradeoffChart(m, p)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
		for _, g := range m.Groups(p) {
			c, err := faultsChart(m, g)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
	}
	c, err := summaryChart(m)
	if err != nil {
		return nil, err
	}
	return append(out, c), nil
}

// points are x,y values with asymmetric errors on both axes, for scatter plus error bars.
type points struct {
	plotter.XYs
	xerr, yerr plotter.Errors
	labels     []string
}

func (p *points) add(x, y float64, xe, ye errBar, label string) {
	p.XYs = append(p.XYs, plotter.XY{X: x, Y: y})
	p.xerr, p.yerr = append(p.xerr, xe), append(p.yerr, ye)
	p.labels = append(p.labels, label)
}

func (p *points) XError(i int) (float64, float64) { return p.xerr[i].Low, p.xerr[i].High }
func (p *points) YError(i int) (float64, float64) { return p.yerr[i].Low, p.yerr[i].High }

// pctErr returns a delta's percentage and its interval as error bar lengths (0 when infinite).
func pctErr(d *stats.Delta) (float64, errBar) {
	c, lo, hi := d.Percent()
	if d.Ratio.Thin() {
		return c, errBar{}
	}
	return c, errBar{Low: c - lo, High: hi - c}
}

// tradeoffChart plots, for one platform, each candidate's warm delta against its cold delta, one point
// per backend, workload and DOP: left of the vertical zero line cold got faster, below the horizontal one
// warm got faster.
func tradeoffChart(m *model, platform string) (chart, error) {
	p := newPlot(fmt.Sprintf("Tradeoff on %s: elapsed time vs control", platform),
		"cold delta (%), right = slower", "warm delta (%), up = slower")
	var xs, ys []float64
	series := 0
	for bi, g := range m.Groups(platform) {
		keys, cells := g.Rows()
		for ci, cand := range g.Candidates(m.Analysis.Control) {
			var pts points
			for _, k := range keys {
				cold, warm := cells[k]["cold"], cells[k]["warm"]
				if cold == nil || warm == nil {
					continue
				}
				cd, wd := cold.Delta(cand, stats.Elapsed.Name), warm.Delta(cand, stats.Elapsed.Name)
				if cd == nil || wd == nil || cd.Ratio.Empty() || wd.Ratio.Empty() {
					continue
				}
				x, xe := pctErr(cd)
				y, ye := pctErr(wd)
				pts.add(x, y, xe, ye, fmt.Sprintf("%s/%d", k.Workload, k.DOP))
				xs, ys = append(xs, x-xe.Low, x+xe.High), append(ys, y-ye.Low, y+ye.High)
			}
			if len(pts.XYs) == 0 {
				continue
			}
			col := palette[ci%len(palette)]
			if err := addPoints(p, &pts, col, shapes[bi%len(shapes)], fmt.Sprintf("%s (%s)", cand, g.Backend), true, true); err != nil {
				return chart{}, err
			}
			series++
		}
	}
	if series == 0 {
		p.Title.Text += " (no paired data)"
	}
	p.X.Min, p.X.Max = span(xs)
	p.Y.Min, p.Y.Max = span(ys)
	p.Y.Max = legendHeadroom(p.Y.Min, p.Y.Max, series)
	if err := zeroLines(p, p.Y.Min, p.Y.Max, true, true); err != nil {
		return chart{}, err
	}
	return render(p, "tradeoff-"+slug(platform)+".svg", "Tradeoff, "+platform,
		"Each point is one candidate, backend, workload and DOP: the median paired delta of cold (x) against warm (y) elapsed time, with their intervals (no bar: too few pairs). Lower left is better in both phases.")
}

// faultsChart draws page faults per operation per variant, for every cell of one platform and backend.
func faultsChart(m *model, g group) (chart, error) {
	p := newPlot(fmt.Sprintf("Page faults per operation, %s, %s", g.Platform, g.Backend), "", "faults/op (median)")
	var names []string
	variants := map[string]bool{}
	for _, c := range g.Cells {
		names = append(names, fmt.Sprintf("%s/%d %s", c.Workload, c.DOP, c.Phase))
		for _, v := range c.Variants {
			variants[v.Name] = true
		}
	}
	order := append([]string{m.Analysis.Control}, g.Candidates(m.Analysis.Control)...)
	if !variants[m.Analysis.Control] {
		order = order[1:]
	}
	w := vg.Points(min(18, 300/float64(max(1, len(names)*len(order)))))
	for i, name := range order {
		vals := make(plotter.Values, len(g.Cells))
		for j, c := range g.Cells {
			if v := c.Variant(name); v != nil && !v.Metrics[stats.Faults.Name].Empty() {
				vals[j] = v.Metrics[stats.Faults.Name].Center
			}
		}
		b, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return chart{}, err
		}
		b.Color = palette[i%len(palette)]
		b.LineStyle.Width = 0
		b.Offset = w * vg.Length(float64(i)-float64(len(order)-1)/2)
		p.Add(b)
		p.Legend.Add(name, b)
	}
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = math.Pi / 6
	p.X.Tick.Label.XAlign = draw.XRight
	p.Y.Min = 0
	p.Y.Max *= 1.3 // headroom for the legend
	return render(p, "faults-"+slug(g.Platform)+"-"+slug(g.Backend)+".svg", fmt.Sprintf("Page faults, %s, %s", g.Platform, g.Backend),
		"Median page faults (minor + major) per operation, per variant and cell.")
}

// summaryChart plots every verdict: per candidate, platform and backend the pooled warm and cold deltas
// with their intervals.
func summaryChart(m *model) (chart, error) {
	p := newPlot("All platforms: median paired delta vs control, all cells", "elapsed time delta (%), left = faster", "")
	var names []string
	var warm, cold points
	var ranges []float64
	for i, r := range m.Verdicts {
		names = append(names, fmt.Sprintf("%s %s %s", r.Candidate, r.Platform, r.Backend))
		for _, ph := range []struct {
			v   *stats.Verdict
			pts *points
			off float64
		}{{r.Warm, &warm, 0.15}, {r.Cold, &cold, -0.15}} {
			if ph.v == nil || ph.v.Ratio.Empty() {
				continue
			}
			c, lo, hi := ph.v.Percent()
			e := errBar{}
			if !ph.v.Ratio.Thin() {
				e = errBar{Low: c - lo, High: hi - c}
				ranges = append(ranges, lo, hi)
			}
			ranges = append(ranges, c)
			ph.pts.add(c, float64(i)+ph.off, e, errBar{}, "")
		}
	}
	for i, s := range []struct {
		pts   *points
		label string
	}{{&warm, "warm"}, {&cold, "cold"}} {
		if len(s.pts.XYs) == 0 {
			continue
		}
		if err := addPoints(p, s.pts, palette[i], shapes[i], s.label, true, false); err != nil {
			return chart{}, err
		}
	}
	if len(names) > 0 {
		p.NominalY(names...)
	}
	lo, hi := span(ranges)
	p.X.Min, p.X.Max = lo, hi
	p.Y.Min, p.Y.Max = -0.5, float64(len(names))-0.5
	if err := zeroLines(p, p.Y.Min, p.Y.Max, false, true); err != nil {
		return chart{}, err
	}
	return render(p, "summary.svg", "Summary across platforms",
		"Per candidate, platform and backend: the median of every paired ratio of the phase, over all workloads and DOPs, as a delta with its interval.")
}

func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.BackgroundColor = color.White // explicit: readable on dark themes
	p.Title.Text = title
	p.Title.Padding = vg.Points(8) // keeps the title clear of the SVG's top edge and the legend
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	for _, f := range []*font.Font{&p.Title.TextStyle.Font, &p.X.Label.TextStyle.Font, &p.Y.Label.TextStyle.Font,
		&p.X.Tick.Label.Font, &p.Y.Tick.Label.Font, &p.Legend.TextStyle.Font} {
		f.Variant = "Sans" // gonum's default is the serif face
	}
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.X.Tick.Marker, p.Y.Tick.Marker = plainTicks{}, plainTicks{}
	return p
}

// plainTicks are gonum's default ticks labelled without trailing zeros ("175", not "175.00").
type plainTicks struct{}

func (plainTicks) Ticks(min, max float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strconv.FormatFloat(ts[i].Value, 'g', 6, 64)
		}
	}
	return ts
}

// addPoints adds a scatter of pts with their error bars (on x, y, or both) and labels, and a legend entry.
func addPoints(p *plot.Plot, pts *points, col color.RGBA, shape draw.GlyphDrawer, legend string, xbars, ybars bool) error {
	s, err := plotter.NewScatter(pts.XYs)
	if err != nil {
		return err
	}
	s.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(3.5), Shape: shape}
	p.Add(s)
	p.Legend.Add(legend, s)
	if xbars {
		xb, err := plotter.NewXErrorBars(pts)
		if err != nil {
			return err
		}
		xb.LineStyle.Color = col
		p.Add(xb)
	}
	if ybars {
		yb, err := plotter.NewYErrorBars(pts)
		if err != nil {
			return err
		}
		yb.LineStyle.Color = col
		p.Add(yb)
	}
	if strings.Join(pts.labels, "") != "" {
		l, err := plotter.NewLabels(plotter.XYLabels{XYs: pts.XYs, Labels: pts.labels})
		if err != nil {
			return err
		}
		for i := range l.TextStyle {
			l.TextStyle[i].Color = gray
			l.TextStyle[i].Font.Size = vg.Points(7)
			l.TextStyle[i].Font.Variant = "Sans"
		}
		l.Offset = vg.Point{X: vg.Points(4), Y: vg.Points(2)}
		p.Add(l)
	}
	return nil
}

// span returns a symmetric-padded range covering vs and 0.
func span(vs []float64) (lo, hi float64) {
	lo, hi = 0, 0
	for _, v := range vs {
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if lo == hi {
		return -10, 10
	}
	pad := (hi - lo) * 0.12
	return lo - pad, hi + pad
}

// legendHeadroom raises an axis maximum so that the top-right legend, one line per series, sits above
// every point instead of over them.
func legendHeadroom(lo, hi float64, series int) float64 {
	const lineH = 11.0                         // one legend line, in points
	plotH := float64(chartH/vg.Points(1)) - 70 // the plot area: the chart less title and x axis
	f := math.Min(0.6, float64(series)*lineH/plotH)
	return hi + (hi-lo)*f/(1-f)
}

// zeroLines draws dashed zero lines: vertical at x=0 (from lo to hi on y) and horizontal at y=0.
func zeroLines(p *plot.Plot, lo, hi float64, horizontal, vertical bool) error {
	var lines []plotter.XYs
	if vertical {
		lines = append(lines, plotter.XYs{{X: 0, Y: lo}, {X: 0, Y: hi}})
	}
	if horizontal {
		lines = append(lines, plotter.XYs{{X: p.X.Min, Y: 0}, {X: p.X.Max, Y: 0}})
	}
	for _, xys := range lines {
		l, err := plotter.NewLine(xys)
		if err != nil {
			return err
		}
		l.LineStyle.Color = gray
		l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(l)
	}
	return nil
}

// render draws p as an SVG without embedded fonts (the file stays a few KB); text uses a font stack that
// browsers resolve (Liberation Sans is metric-compatible with Arial).
func render(p *plot.Plot, file, title, caption string) (chart, error) {
	c := vgsvg.NewWith(vgsvg.UseWH(chartW, chartH), vgsvg.EmbedFonts(false))
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return chart{}, fmt.Errorf("report: drawing %s: %w", file, err)
	}
	svg := bytes.ReplaceAll(buf.Bytes(), []byte("font-family:Liberation Sans;"), []byte("font-family:'Liberation Sans',Arial,Helvetica,sans-serif;"))
	return chart{File: file, Title: title, Caption: caption, SVG: svg}, nil
}
