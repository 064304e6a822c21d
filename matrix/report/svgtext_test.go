package report

import (
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// svgText is one text element of a chart as a browser places it: its string, the angle of its baseline
// (the rotate() of its group, degrees) and its box, in the SVG's own units (points): Local in the text's
// own frame (x along the baseline, y up from it, so texts of one angle compare exactly), Page the
// bounding box on the page (y growing downwards), to compare texts of different angles.
type svgText struct {
	Text        string
	Angle       float64
	Local, Page box
}

type box struct{ MinX, MinY, MaxX, MaxY float64 }

func (a svgText) String() string {
	return fmt.Sprintf("%q at [%.1f, %.1f]-[%.1f, %.1f]", a.Text, a.Page.MinX, a.Page.MinY, a.Page.MaxX, a.Page.MaxY)
}

var (
	svgHeight  = regexp.MustCompile(`translate\(0, -([0-9.]+)\)`)
	svgElement = regexp.MustCompile(`(?s)<g transform="rotate\((-?[0-9.e+-]+)\)">|</g>|<text x="(-?[0-9.e+-]+)" y="(-?[0-9.e+-]+)" transform="scale\(1, -1\)"\s*style="[^"]*font-size:([0-9.]+)px[^"]*">(.*?)</text>`)
)

// Text box geometry, in ems of the font size: Liberation Sans' ascent and descent (the box a glyph run
// covers above and below its baseline).
const (
	textAscent  = 0.73
	textDescent = 0.21
)

// svgTexts reads a gonum SVG's text elements and estimates each one's box from its font size and its
// string's width (Arial's advance widths, which Liberation Sans shares). gonum writes the whole drawing
// in a group flipped to y-up (translate(0, -H) scale(1, -1)), every text flipped back, and rotated texts
// (a y-axis label, slanted tick labels) inside a rotate(θ) group.
func svgTexts(t *testing.T, svg []byte) []svgText {
	t.Helper()
	hm := svgHeight.FindSubmatch(svg)
	if hm == nil {
		t.Fatal("SVG without gonum's flip transform")
	}
	h, _ := strconv.ParseFloat(string(hm[1]), 64)
	var out []svgText
	var angles []float64 // the open groups' rotations
	for _, m := range svgElement.FindAllSubmatch(svg, -1) {
		switch {
		case strings.HasPrefix(string(m[0]), "<g"):
			a, _ := strconv.ParseFloat(string(m[1]), 64)
			angles = append(angles, a)
			continue
		case string(m[0]) == "</g>":
			if len(angles) > 0 {
				angles = angles[:len(angles)-1]
			}
			continue
		}
		x, _ := strconv.ParseFloat(string(m[2]), 64)
		y, _ := strconv.ParseFloat(string(m[3]), 64)
		size, _ := strconv.ParseFloat(string(m[4]), 64)
		text := html.UnescapeString(string(m[5]))
		var angle float64
		for _, a := range angles {
			angle += a
		}
		w := textWidth(text, false) * size / fontPx
		// A point of the text s along its baseline and u above it is (x+s, u-y) after the text's flip,
		// rotated by the groups' angle, then flipped onto the page: (gx, h-gy).
		local := box{MinX: x, MaxX: x + w, MinY: -y - textDescent*size, MaxY: -y + textAscent*size}
		th := angle * math.Pi / 180
		page := box{MinX: math.Inf(1), MinY: math.Inf(1), MaxX: math.Inf(-1), MaxY: math.Inf(-1)}
		for _, cx := range []float64{local.MinX, local.MaxX} {
			for _, cy := range []float64{local.MinY, local.MaxY} {
				gx, gy := cx*math.Cos(th)-cy*math.Sin(th), cx*math.Sin(th)+cy*math.Cos(th)
				px, py := gx, h-gy
				page.MinX, page.MaxX = math.Min(page.MinX, px), math.Max(page.MaxX, px)
				page.MinY, page.MaxY = math.Min(page.MinY, py), math.Max(page.MaxY, py)
			}
		}
		out = append(out, svgText{Text: text, Angle: angle, Local: local, Page: page})
	}
	return out
}

// overlappingTexts lists the pairs of texts that come closer than clearX along their baselines or overlap
// across them (texts of one angle, compared in their own frame: neighbouring lines may touch), or whose
// page boxes overlap (texts of different angles).
func overlappingTexts(ts []svgText, clearX float64) [][2]svgText {
	var out [][2]svgText
	for i, a := range ts {
		for _, b := range ts[i+1:] {
			if a.Text == "" || b.Text == "" {
				continue
			}
			var hit bool
			if a.Angle == b.Angle {
				p, q := a.Local, b.Local
				hit = p.MinX < q.MaxX+clearX && q.MinX < p.MaxX+clearX && p.MinY < q.MaxY && q.MinY < p.MaxY
			} else {
				p, q := a.Page, b.Page
				hit = p.MinX < q.MaxX && q.MinX < p.MaxX && p.MinY < q.MaxY && q.MinY < p.MaxY
			}
			if hit {
				out = append(out, [2]svgText{a, b})
			}
		}
	}
	return out
}

// textClearance is the space two texts on one line must keep, in points, so that neighbouring labels
// never read as one ("-88%-75%"); it is also a margin for the estimated widths, which are within a few
// percent of a browser's.
const textClearance = 1.5

// checkChartTexts fails for every chart of dir in which two text boxes overlap, one subtest per chart.
func checkChartTexts(t *testing.T, dir string) {
	t.Helper()
	svgs, _ := filepath.Glob(filepath.Join(dir, "*.svg"))
	if len(svgs) == 0 {
		t.Fatalf("%s: no charts", dir)
	}
	for _, path := range svgs {
		t.Run(filepath.Base(path), func(t *testing.T) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ts := svgTexts(t, b)
			if len(ts) == 0 {
				t.Fatal("no text")
			}
			for _, p := range overlappingTexts(ts, textClearance) {
				t.Errorf("texts overlap: %v and %v", p[0], p[1])
			}
		})
	}
}

// No two texts of any chart overlap: the golden fixture's, rendered, and every committed report's.
func TestChartTextsDoNotOverlap(t *testing.T) {
	committed := reportsUnderTest(t) // before renderGolden changes the directory
	t.Run("golden", func(t *testing.T) { checkChartTexts(t, filepath.Join(renderGolden(t), "fixture")) })
	for name, dir := range committed {
		if name != "golden" {
			t.Run(name, func(t *testing.T) { checkChartTexts(t, dir) })
		}
	}
}

// The reader of texts places boxes where a browser does, and the check finds an overlap that is there.
func TestSVGTexts(t *testing.T) {
	svg := []byte(`<g transform="scale(1, -1) translate(0, -100)">
<text x="10" y="-20" transform="scale(1, -1)"
	style="font-family:x;font-size:10px">abc</text>
<text x="12" y="-22" transform="scale(1, -1)"
	style="font-family:x;font-size:10px">def</text>
<g transform="rotate(90)">
<text x="50" y="5" transform="scale(1, -1)"
	style="font-family:x;font-size:10px">axis</text>
</g>
<text x="60" y="-90" transform="scale(1, -1)"
	style="font-family:x;font-size:10px">&#39;far&#39;</text>
</g>`)
	ts := svgTexts(t, svg)
	if len(ts) != 4 {
		t.Fatalf("%d texts, want 4: %v", len(ts), ts)
	}
	if a := ts[0].Page; a.MinX != 10 || math.Abs(a.MaxY-(80+textDescent*10)) > 1e-9 || a.MaxX <= 10 {
		t.Errorf("first text %v: want its baseline at y 80 from x 10", ts[0])
	}
	if r := ts[2].Page; math.Abs(r.MaxY-50) > 1e-9 || r.MinY >= 50 || math.Abs(r.MaxX-(5+textDescent*10)) > 1e-9 {
		t.Errorf("rotated text %v: want it running up from y 50 at x 5", ts[2])
	}
	if ts[3].Text != "'far'" {
		t.Errorf("entities not decoded: %q", ts[3].Text)
	}
	ov := overlappingTexts(ts, textClearance)
	if len(ov) != 1 || ov[0][0].Text != "abc" || ov[0][1].Text != "def" {
		t.Errorf("overlaps %v, want abc with def only", ov)
	}
	// Slanted tick labels one under the next: their page boxes overlap, their own frames do not.
	slanted := []byte(`<g transform="scale(1, -1) translate(0, -100)">
<g transform="rotate(30)"><text x="10" y="10" transform="scale(1, -1)" style="font-size:10px">fixed/1 cold</text></g>
<g transform="rotate(30)"><text x="16" y="0" transform="scale(1, -1)" style="font-size:10px">fixed/1 warm</text></g>
<text x="0" y="-50" transform="scale(1, -1)" style="font-size:10px">-88%</text>
<text x="24" y="-50" transform="scale(1, -1)" style="font-size:10px">-75%</text>
</g>`)
	ts = svgTexts(t, slanted)
	if ts[0].Angle != 30 || !(ts[0].Page.MaxY > ts[1].Page.MinY) {
		t.Fatalf("slanted texts %v: want rotated boxes that overlap on the page", ts)
	}
	ov = overlappingTexts(ts, textClearance)
	if len(ov) != 1 || ov[0][0].Text != "-88%" {
		t.Errorf("overlaps %v, want the two ticks closer than %v points only", ov, textClearance)
	}
}
