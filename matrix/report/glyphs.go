package report

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Glyph shapes, one per series (or per DOP in the summary chart).
const (
	circleShape = iota
	squareShape
	triangleShape
	diamondShape
	shapes
)

// hollowWidth is the outline of a hollow glyph: thick enough that a hollow mark reads as hollow at 100%
// zoom next to a filled one (gonum's own rings are drawn with a hairline).
const hollowWidth = 1.5

// shapeGlyph draws a circle, square, triangle or diamond, filled in the glyph's colour, or hollow: a
// white fill inside a hollowWidth outline, so that hollow marks also hide the grid and bars behind them.
type shapeGlyph struct {
	shape  int
	filled bool
}

func (g shapeGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	var p vg.Path
	poly := func(pts ...vg.Point) {
		p.Move(pts[0])
		for _, q := range pts[1:] {
			p.Line(q)
		}
		p.Close()
	}
	switch g.shape {
	case squareShape:
		s := r * 0.9
		poly(vg.Point{X: pt.X - s, Y: pt.Y - s}, vg.Point{X: pt.X + s, Y: pt.Y - s}, vg.Point{X: pt.X + s, Y: pt.Y + s}, vg.Point{X: pt.X - s, Y: pt.Y + s})
	case triangleShape:
		h := r * 1.15
		poly(vg.Point{X: pt.X, Y: pt.Y + h}, vg.Point{X: pt.X + h*vg.Length(math.Sqrt(3)/2), Y: pt.Y - h/2}, vg.Point{X: pt.X - h*vg.Length(math.Sqrt(3)/2), Y: pt.Y - h/2})
	case diamondShape:
		d := r * 1.2
		poly(vg.Point{X: pt.X, Y: pt.Y + d}, vg.Point{X: pt.X + d, Y: pt.Y}, vg.Point{X: pt.X, Y: pt.Y - d}, vg.Point{X: pt.X - d, Y: pt.Y})
	default:
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
		p.Close()
	}
	if g.filled {
		c.SetColor(sty.Color)
		c.Fill(p)
		return
	}
	c.SetColor(color.White)
	c.Fill(p)
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(hollowWidth)})
	c.Stroke(p)
}
