package report

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// lifetimePanelText is what one panel of a lifetime chart shows: its title's centre, the centre of its
// data area (half way between the "1" and "1M" labels of its N axis) and its y axis' labels.
type lifetimePanelText struct {
	title         svgText
	titleX, dataX float64
	yLabels       []string
}

var ratioLabel = regexp.MustCompile(`^([+-][0-9]+%|0)$`)

// lifetimePanelTexts reads a lifetime chart's panels from its texts, which gonum writes panel by panel:
// the title, the N axis' label and tick labels, then the y axis' label and tick labels.
func lifetimePanelTexts(t *testing.T, svg []byte) []lifetimePanelText {
	t.Helper()
	ts := svgTexts(t, svg)
	var out []lifetimePanelText
	var one float64
	for i, x := range ts {
		centre := (x.Page.MinX + x.Page.MaxX) / 2
		switch {
		case x.Text == "N, operations per process" && i > 0:
			out = append(out, lifetimePanelText{title: ts[i-1], titleX: (ts[i-1].Page.MinX + ts[i-1].Page.MaxX) / 2})
		case len(out) == 0:
		case x.Text == "1":
			one = centre
		case x.Text == "1M":
			out[len(out)-1].dataX = (one + centre) / 2
		case ratioLabel.MatchString(x.Text):
			out[len(out)-1].yLabels = append(out[len(out)-1].yLabels, x.Text)
		}
	}
	return out
}

// checkLifetimePanels fails when a panel's title sits off its plot differently from the first panel's
// (a y axis narrower than the others shifts its plot under the title) or a y axis has fewer than two labels.
func checkLifetimePanels(t *testing.T, svg []byte, panels int) {
	t.Helper()
	ps := lifetimePanelTexts(t, svg)
	if len(ps) != panels {
		t.Fatalf("%d panels, want %d: %+v", len(ps), panels, ps)
	}
	for _, p := range ps {
		if off, want := p.titleX-p.dataX, ps[0].titleX-ps[0].dataX; math.Abs(off-want) > 0.5 {
			t.Errorf("title %v sits %.1f pt off the centre of its plot, %q's %.1f", p.title, off, ps[0].title.Text, want)
		}
		if len(p.yLabels) < 2 {
			t.Errorf("%q: y axis labelled %q, want at least two labels", p.title.Text, p.yLabels)
		}
	}
}

// Every panel of a lifetime chart has its title placed alike over its plot, whatever its y labels' widths:
// "libc, slower" is labelled "0" and "+100%", "libc, faster" from "-59%" to "0", narrower, which shifted
// its plot left under its title. The committed example report's charts too.
func TestLifetimePanelsAligned(t *testing.T) {
	cell := func(workload string, ratios ...float64) *stats.Lifetime {
		c := &lifetime.Comparison{Measured: 1000}
		for i, r := range ratios {
			c.Ratios = append(c.Ratios, lifetime.Ratio{N: int(math.Pow(10, float64(i))), Estimate: r, Lo: math.NaN(), Hi: math.NaN()})
		}
		return &stats.Lifetime{Cell: matrix.Cell{Platform: "linux/amd64", Workload: workload, DOP: 1, Backend: "libc"},
			Comparisons: map[string]*lifetime.Comparison{"pooled": c}}
	}
	c, err := lifetimeChart("linux/amd64", 1, []*stats.Lifetime{
		cell("slower", 1, 2, 3, 2.5, 2, 2, 2),
		cell("faster", 1.1, 0.4, 0.6, 0.8, 0.9, 0.9, 0.9),
	}, map[string]int{"pooled": 0})
	if err != nil {
		t.Fatal(err)
	}
	checkLifetimePanels(t, c.SVG, 2)

	t.Run("committed", func(t *testing.T) {
		var svgs []string
		for _, dir := range reportsUnderTest(t) {
			found, _ := filepath.Glob(filepath.Join(dir, "lifetime-*.svg"))
			svgs = append(svgs, found...)
		}
		if len(svgs) < 3 {
			t.Fatalf("%d lifetime charts", len(svgs))
		}
		for _, path := range svgs {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkLifetimePanels(t, b, len(lifetimePanelTexts(t, b)))
		}
	})
}
