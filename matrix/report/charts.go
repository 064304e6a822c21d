package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

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
	Labels               []placedLabel // the point labels drawn, in canvas coordinates (for tests)
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

// marks pairs a filled glyph (significant) with its hollow twin ("~"), one pair per series.
var marks = []struct{ filled, hollow draw.GlyphDrawer }{
	{shapeGlyph{circleShape, true}, shapeGlyph{circleShape, false}},
	{shapeGlyph{squareShape, true}, shapeGlyph{squareShape, false}},
	{shapeGlyph{triangleShape, true}, shapeGlyph{triangleShape, false}},
	{shapeGlyph{diamondShape, true}, shapeGlyph{diamondShape, false}},
}

var gray = color.RGBA{0x66, 0x66, 0x66, 0xff}

// Chart geometry: the size of every SVG, the blank margin kept around it so that no mark or label touches
// an edge, and the glyph radius.
const (
	chartW     = 7 * vg.Inch
	chartH     = 4.5 * vg.Inch
	margin     = 8             // points, on every side
	glyphR     = 3.5           // points
	legendGap  = 10            // points between the plot and the legend strip
	labelFontP = 7             // points
	panelH     = 3.2 * vg.Inch // one small multiple's height
	panelsW    = 8 * vg.Inch   // the width of a chart of small multiples
	headingH   = 24            // points above the small multiples for their common title
	panelGap   = 12            // points between small multiples
)

// charts draws every chart of a report, page by page, chart set by chart set.
func charts(m *model) ([]chart, error) {
	var out []chart
	for _, p := range pages {
		for _, set := range p.Charts {
			cs, err := set(m)
			if err != nil {
				return nil, err
			}
			out = append(out, cs...)
		}
	}
	return out, nil
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

// frame is a plot with its legend drawn in a strip to its right (never over the data) and its point
// labels placed after the axes are known, so that no two labels and no label and mark overlap.
type frame struct {
	p      *plot.Plot
	legend plot.Legend
	names  []string  // the legend's entries, in order
	pts    []*points // every labelled or unlabelled point, as obstacles and label anchors
	// footer is a line of marked figures drawn in a strip under the plot (a mark, then its text), in
	// place of labels inside the data area, where they could cover a line or each other.
	footerLead string
	footer     []footerItem
	lines      []plotter.XYs // lines drawn through the data, which labels keep off
}

// footerItem is one figure of a frame's footer: its series' mark and the figure.
type footerItem struct {
	Col   color.Color
	Shape draw.GlyphDrawer
	Text  string
}

func newFrame(title, x, y string) *frame {
	p := plot.New()
	p.BackgroundColor = color.White // explicit: readable on dark themes
	p.Title.Text = title
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Add(plotter.NewGrid())
	for _, f := range []*font.Font{&p.Title.TextStyle.Font, &p.X.Label.TextStyle.Font, &p.Y.Label.TextStyle.Font,
		&p.X.Tick.Label.Font, &p.Y.Tick.Label.Font} {
		f.Variant = "Sans" // gonum's default is the serif face
	}
	l := plot.NewLegend()
	l.TextStyle.Font.Variant = "Sans"
	l.TextStyle.Font.Size = vg.Points(9)
	l.Top, l.Left = true, true
	l.Padding = vg.Points(3) // between entries, so the glyphs of neighbouring lines do not touch
	return &frame{p: p, legend: l}
}

// addPoints adds a scatter of pts in one colour and glyph, with error bars on x, y or both, and a legend
// entry when legend is not empty.
func (f *frame) addPoints(pts *points, col color.RGBA, shape draw.GlyphDrawer, legend string, xbars, ybars bool) error {
	if len(pts.XYs) == 0 {
		return nil
	}
	s, err := plotter.NewScatter(pts.XYs)
	if err != nil {
		return err
	}
	s.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(glyphR), Shape: shape}
	if xbars {
		xb, err := plotter.NewXErrorBars(pts)
		if err != nil {
			return err
		}
		xb.LineStyle.Color = col
		f.p.Add(xb)
	}
	if ybars {
		yb, err := plotter.NewYErrorBars(pts)
		if err != nil {
			return err
		}
		yb.LineStyle.Color = col
		f.p.Add(yb)
	}
	f.p.Add(s)
	if legend != "" {
		f.legend.Add(legend, s)
		f.names = append(f.names, legend)
	}
	f.pts = append(f.pts, pts)
	return nil
}

// legendEntry adds a legend line drawn with a glyph but no data.
func (f *frame) legendEntry(name string, col color.Color, shape draw.GlyphDrawer) {
	f.legend.Add(name, glyphThumb{draw.GlyphStyle{Color: col, Radius: vg.Points(glyphR), Shape: shape}})
	f.names = append(f.names, name)
}

// legendSwatch adds a legend line drawn with a short thick bar of a colour: a colour that encodes
// something other than the marks (a workload), so that its thumbnail is no mark's shape.
func (f *frame) legendSwatch(name string, col color.Color) {
	f.legend.Add(name, swatchThumb{col})
	f.names = append(f.names, name)
}

type swatchThumb struct{ col color.Color }

func (s swatchThumb) Thumbnail(c *draw.Canvas) {
	ctr := c.Center()
	w, h := vg.Points(10), vg.Points(4)
	c.SetColor(s.col)
	c.Fill(vg.Rectangle{Min: vg.Point{X: ctr.X - w/2, Y: ctr.Y - h/2}, Max: vg.Point{X: ctr.X + w/2, Y: ctr.Y + h/2}}.Path())
}

type glyphThumb struct{ sty draw.GlyphStyle }

func (g glyphThumb) Thumbnail(c *draw.Canvas) { c.DrawGlyph(g.sty, c.Center()) }

// draw renders the frame as an SVG chart of the standard size.
func (f *frame) draw(file, title, caption string) (chart, error) {
	return renderSVG(file, title, caption, chartW, chartH, func(dc draw.Canvas) []placedLabel { return f.drawOn(dc, f) })
}

// drawSized renders the frame as an SVG chart of w x h.
func (f *frame) drawSized(file, title, caption string, w, h vg.Length) (chart, error) {
	return renderSVG(file, title, caption, w, h, func(dc draw.Canvas) []placedLabel { return f.drawOn(dc, f) })
}

// renderSVG draws an SVG of w x h with a white background and a blank margin, through drawFn.
func renderSVG(file, title, caption string, w, h vg.Length, drawFn func(draw.Canvas) []placedLabel) (chart, error) {
	c := vgsvg.NewWith(vgsvg.UseWH(w, h), vgsvg.EmbedFonts(false))
	full := draw.New(c)
	full.SetColor(color.White)
	full.Fill(full.Rectangle.Path())
	placed := drawFn(draw.Crop(full, margin, -margin, margin, -margin))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return chart{}, fmt.Errorf("report: drawing %s: %w", file, err)
	}
	svg := bytes.ReplaceAll(buf.Bytes(), []byte("font-family:Liberation Sans;"), []byte("font-family:'Liberation Sans',Arial,Helvetica,sans-serif;"))
	return chart{File: file, Title: title, Caption: caption, SVG: svg, Labels: placed}, nil
}

// legendSlack widens the legend strip for a substituted font.
const legendSlack = 1.15

// legendWidth is the width of leg's strip: its widest entry, the thumbnail and the gap; 0 when empty.
func (f *frame) legendWidth() vg.Length {
	var w vg.Length
	for _, name := range f.names {
		w = max(w, f.legend.TextStyle.Width(name))
	}
	if w == 0 {
		return 0
	}
	// The SVG names Liberation Sans but a browser without it substitutes a wider sans (DejaVu Sans is
	// about 12% wider): leave that much room, or the longest entry is cut at the chart's edge.
	return w*legendSlack + f.legend.ThumbnailWidth + f.legend.TextStyle.Width(" ") + legendGap
}

// drawOn draws the plot into dc, with leg's legend (nil: none) in a strip at the right, then the labels.
func (f *frame) drawOn(dc draw.Canvas, leg *frame) []placedLabel {
	if len(f.footer) > 0 {
		dc = f.drawFooter(dc)
	}
	plotC := dc
	lw := vg.Length(0)
	if leg != nil {
		lw = leg.legendWidth()
	}
	if lw > 0 {
		plotC = draw.Crop(dc, 0, -lw, 0, 0)
	}
	f.p.Draw(plotC)
	da := f.p.DataCanvas(plotC)
	if lw > 0 {
		leg.legend.Draw(draw.Crop(dc, plotC.Max.X-dc.Min.X+legendGap, 0, 0, -(dc.Max.Y - da.Max.Y)))
	}
	placed := f.placeLabels(da)
	sty := labelStyle()
	for _, l := range placed {
		da.FillText(sty, vg.Point{X: l.Min.X, Y: l.Min.Y}, l.Text)
	}
	return placed
}

// alignYAxes widens each frame's y axis to the widest of them, by the difference of its widest tick label
// from theirs, put between its axis label and its tick labels. gonum sizes a y axis to its own widest tick
// label and centres the title on the whole panel, so a panel labelled "0" and "-50%" only, narrower than
// its neighbours' "+100%", has its plot drawn further left, off centre under its title and out of line
// with the panel above or below it.
func alignYAxes(frames []*frame) {
	width := func(f *frame) vg.Length {
		var w vg.Length
		a := f.p.Y
		for _, t := range a.Tick.Marker.Ticks(a.Min, a.Max) {
			if !t.IsMinor() { // as gonum measures it: minor ticks have no label
				r := a.Tick.Label.Rectangle(t.Label)
				w = max(w, r.Max.X-r.Min.X)
			}
		}
		return w
	}
	var widest vg.Length
	for _, f := range frames {
		widest = max(widest, width(f))
	}
	for _, f := range frames {
		f.p.Y.Label.Padding += widest - width(f)
	}
}

// drawPanels renders frames as small multiples, two to a row under a common title, with legend's entries
// in a strip at the right.
func drawPanels(file, title, caption, heading string, frames []*frame, legend *frame) (chart, error) {
	cols := min(2, max(1, len(frames)))
	rows := (len(frames) + cols - 1) / cols
	h := panelH*vg.Length(rows) + headingH
	return renderSVG(file, title, caption, panelsW, h, func(dc draw.Canvas) []placedLabel {
		lw := legend.legendWidth()
		spare := len(frames)%cols != 0 // an empty tile at the end: the legend goes there
		if spare {
			lw = 0
		}
		area := draw.Crop(dc, 0, -lw, 0, -headingH)
		sty := frames[0].p.Title.TextStyle
		sty.XAlign = draw.XCenter
		dc.FillText(sty, vg.Point{X: area.Center().X, Y: dc.Max.Y - sty.Height(heading)}, heading)
		pw := (area.Max.X - area.Min.X) / vg.Length(cols)
		ph := (area.Max.Y - area.Min.Y) / vg.Length(rows)
		tileOf := func(i int) draw.Canvas {
			col, row := i%cols, i/cols
			tile := draw.Crop(area, pw*vg.Length(col), -pw*vg.Length(cols-1-col), ph*vg.Length(rows-1-row), -ph*vg.Length(row))
			return draw.Crop(tile, panelGap/2, -panelGap/2, panelGap/2, -panelGap/2)
		}
		switch {
		case spare:
			t := tileOf(len(frames))
			legend.legend.Draw(draw.Crop(t, 2*panelGap, 0, 0, -2*panelGap))
		case legend.legendWidth() > 0:
			legend.legend.Draw(draw.Crop(dc, dc.Max.X-dc.Min.X-legend.legendWidth()+legendGap, 0, 0, -headingH))
		}
		var placed []placedLabel
		for i, f := range frames {
			placed = append(placed, f.drawOn(tileOf(i), nil)...)
		}
		return placed
	})
}

// footerFontP is the footer's text size, in points: the tick labels'.
const footerFontP = 9

// drawFooter writes the footer's lead and items in lines at the bottom of dc, each item its mark and its
// text, wrapping at dc's width, and returns what is left above them for the plot.
func (f *frame) drawFooter(dc draw.Canvas) draw.Canvas {
	sty := labelStyle()
	sty.Font.Size = vg.Points(footerFontP)
	sty.Color = color.Black
	lineH := sty.Height("0") * 1.3
	gap, mark := sty.Width(" "), vg.Points(2*glyphR+2)
	type placed struct {
		item footerItem
		x    vg.Length
		line int
	}
	var out []placed
	width := dc.Max.X - dc.Min.X
	x, line := sty.Width(f.footerLead)+gap, 0
	for _, it := range f.footer {
		w := mark + sty.Width(it.Text) + 2*gap
		if x+w > width && x > 0 {
			x, line = 0, line+1
		}
		out = append(out, placed{it, x, line})
		x += w
	}
	lines := line + 1
	bottom := dc.Min.Y + lineH*vg.Length(lines)
	baseline := func(l int) vg.Length { return bottom - lineH*vg.Length(l+1) + lineH*0.25 }
	dc.FillText(sty, vg.Point{X: dc.Min.X, Y: baseline(0)}, f.footerLead)
	for _, p := range out {
		y := baseline(p.line)
		at := vg.Point{X: dc.Min.X + p.x + mark/2, Y: y + sty.Height("0")*0.35}
		dc.DrawGlyph(draw.GlyphStyle{Color: p.item.Col, Radius: vg.Points(glyphR), Shape: p.item.Shape}, at)
		dc.FillText(sty, vg.Point{X: dc.Min.X + p.x + mark, Y: y}, p.item.Text)
	}
	return draw.Crop(dc, 0, 0, lineH*vg.Length(lines)+vg.Points(4), 0)
}

func labelStyle() draw.TextStyle {
	sty := draw.TextStyle{Color: gray, Font: font.From(plot.DefaultFont, vg.Points(labelFontP))}
	sty.Font.Variant = "Sans"
	sty.Handler = plot.DefaultTextHandler
	return sty
}

// placedLabel is one label's box in canvas coordinates; Min is where its text starts (baseline left).
type placedLabel struct {
	Text string
	vg.Rectangle
}

// placeLabels puts each labelled point's text at the first of eight positions around it that stays in
// the data area and overlaps no mark and no label placed before it; a label with no free position is
// left out (the tables name every cell).
func (f *frame) placeLabels(da draw.Canvas) []placedLabel {
	trX, trY := f.p.Transforms(&da)
	var anchors []labelAnchor
	var obstacles []vg.Rectangle
	r := vg.Points(glyphR + 1)
	for _, pts := range f.pts {
		for i, xy := range pts.XYs {
			at := vg.Point{X: trX(xy.X), Y: trY(xy.Y)}
			obstacles = append(obstacles, vg.Rectangle{Min: vg.Point{X: at.X - r, Y: at.Y - r}, Max: vg.Point{X: at.X + r, Y: at.Y + r}})
			// The error bars, as thin boxes (with their caps), so that no label is written over one.
			if e := pts.xerr[i]; e.Low > 0 || e.High > 0 {
				obstacles = append(obstacles, vg.Rectangle{Min: vg.Point{X: trX(xy.X - e.Low), Y: at.Y - r}, Max: vg.Point{X: trX(xy.X + e.High), Y: at.Y + r}})
			}
			if e := pts.yerr[i]; e.Low > 0 || e.High > 0 {
				obstacles = append(obstacles, vg.Rectangle{Min: vg.Point{X: at.X - r, Y: trY(xy.Y - e.Low)}, Max: vg.Point{X: at.X + r, Y: trY(xy.Y + e.High)}})
			}
			if pts.labels[i] != "" {
				anchors = append(anchors, labelAnchor{at, pts.labels[i]})
			}
		}
	}
	// The lines, as small boxes every few points along each segment.
	step := vg.Points(3)
	for _, xys := range f.lines {
		for i := 1; i < len(xys); i++ {
			a := vg.Point{X: trX(xys[i-1].X), Y: trY(xys[i-1].Y)}
			b := vg.Point{X: trX(xys[i].X), Y: trY(xys[i].Y)}
			n := int(math.Hypot(float64(b.X-a.X), float64(b.Y-a.Y))/float64(step)) + 1
			for k := 0; k <= n; k++ {
				t := vg.Length(float64(k) / float64(n))
				at := vg.Point{X: a.X + (b.X-a.X)*t, Y: a.Y + (b.Y-a.Y)*t}
				obstacles = append(obstacles, vg.Rectangle{Min: vg.Point{X: at.X - 1, Y: at.Y - 1}, Max: vg.Point{X: at.X + 1, Y: at.Y + 1}})
			}
		}
	}
	sty := labelStyle()
	return placeBoxes(anchors, obstacles, da.Rectangle, func(s string) vg.Point { return vg.Point{X: sty.Width(s), Y: sty.Height(s)} })
}

// labelAnchor is a point to label, in canvas coordinates.
type labelAnchor struct {
	At   vg.Point
	Text string
}

// placeBoxes is the placement itself, apart from gonum for testing: size gives a text's width and height.
func placeBoxes(anchors []labelAnchor, obstacles []vg.Rectangle, area vg.Rectangle, size func(string) vg.Point) []placedLabel {
	gap := vg.Points(glyphR + 2)
	var out []placedLabel
	for _, a := range anchors {
		sz := size(a.Text)
		// Right, left, above, below, then the four diagonals.
		offsets := []vg.Point{
			{X: gap, Y: -sz.Y / 3}, {X: -gap - sz.X, Y: -sz.Y / 3}, {X: -sz.X / 2, Y: gap}, {X: -sz.X / 2, Y: -gap - sz.Y},
			{X: gap, Y: gap}, {X: -gap - sz.X, Y: gap}, {X: gap, Y: -gap - sz.Y}, {X: -gap - sz.X, Y: -gap - sz.Y},
		}
		for _, o := range offsets {
			box := vg.Rectangle{Min: vg.Point{X: a.At.X + o.X, Y: a.At.Y + o.Y}}
			box.Max = vg.Point{X: box.Min.X + sz.X, Y: box.Min.Y + sz.Y}
			if !inside(box, area) || overlapsAny(box, obstacles) {
				continue
			}
			out = append(out, placedLabel{Text: a.Text, Rectangle: box})
			obstacles = append(obstacles, box)
			break
		}
	}
	return out
}

func inside(b, area vg.Rectangle) bool {
	return b.Min.X >= area.Min.X && b.Min.Y >= area.Min.Y && b.Max.X <= area.Max.X && b.Max.Y <= area.Max.Y
}

func overlapsAny(b vg.Rectangle, others []vg.Rectangle) bool {
	for _, o := range others {
		if overlaps(b, o) {
			return true
		}
	}
	return false
}

func overlaps(a, b vg.Rectangle) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

// logRange returns an axis range covering vs (log values) and 0, padded by 12% on each side and at least
// as wide as ±minHalf, so that no mark or bar touches the frame.
func logRange(vs []float64, minHalf float64) (lo, hi float64) {
	lo, hi = -minHalf, minHalf
	for _, v := range vs {
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	pad := (hi - lo) * 0.12
	return lo - pad, hi + pad
}

// zeroLine draws a dashed line through no change: vertical (x = 0) or horizontal (y = 0).
func zeroLine(p *plot.Plot, vertical bool) error {
	xys := plotter.XYs{{X: p.X.Min, Y: 0}, {X: p.X.Max, Y: 0}}
	if vertical {
		xys = plotter.XYs{{X: 0, Y: p.Y.Min}, {X: 0, Y: p.Y.Max}}
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return err
	}
	l.LineStyle.Color = gray
	l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(l)
	return nil
}
