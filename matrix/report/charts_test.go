package report

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/stats"
	"gonum.org/v1/plot/vg"
)

// Labels of crowded points: none overlaps another label or a mark, none leaves the area, and a label is
// dropped only when it has nowhere to go.
func TestPlaceBoxes(t *testing.T) {
	area := vg.Rectangle{Max: vg.Point{X: 200, Y: 100}}
	var anchors []labelAnchor
	var marksAt []vg.Rectangle
	for i := range 12 { // a tight cluster and a few loners
		at := vg.Point{X: 100 + vg.Length(i%4)*3, Y: 50 + vg.Length(i/4)*3}
		if i >= 9 {
			at = vg.Point{X: vg.Length(20 + 60*(i-9)), Y: 90}
		}
		anchors = append(anchors, labelAnchor{At: at, Text: fmt.Sprintf("mixed/%d", i)})
		marksAt = append(marksAt, vg.Rectangle{Min: vg.Point{X: at.X - 4, Y: at.Y - 4}, Max: vg.Point{X: at.X + 4, Y: at.Y + 4}})
	}
	size := func(s string) vg.Point { return vg.Point{X: vg.Length(4 * len(s)), Y: 8} }
	placed := placeBoxes(anchors, marksAt, area, size)
	if len(placed) < 4 || len(placed) == len(anchors) {
		t.Errorf("placed %d of %d labels: want the loners and some of the cluster, not all of a 12-point cluster", len(placed), len(anchors))
	}
	for i, a := range placed {
		if !inside(a.Rectangle, area) {
			t.Errorf("label %s at %v leaves the area", a.Text, a.Rectangle)
		}
		if overlapsAny(a.Rectangle, marksAt) {
			t.Errorf("label %s at %v covers a mark", a.Text, a.Rectangle)
		}
		for _, b := range placed[i+1:] {
			if overlaps(a.Rectangle, b.Rectangle) {
				t.Errorf("labels %s and %s overlap", a.Text, b.Text)
			}
		}
	}
}

// Every chart of the golden report: labels never overlap, axes of ratios are labelled in percent, and
// every title names its platform.
func TestChartsReadable(t *testing.T) {
	in, err := load([]string{filepath.Join("testdata")})
	if err != nil {
		t.Fatal(err)
	}
	a, err := stats.Analyze(in.Samples, stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := newModel(in.Samples, a)
	cs, err := charts(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 6 { // per platform: tradeoff, summary, faults (one backend each)
		t.Errorf("%d charts, want 6", len(cs))
	}
	for _, c := range cs {
		svg := string(c.SVG)
		platform := ""
		for _, p := range m.Platforms() {
			if strings.Contains(c.File, slug(p)) {
				platform = p
			}
		}
		if platform == "" || !strings.Contains(svg, platform) {
			t.Errorf("%s: no title naming its platform", c.File)
		}
		if !strings.HasPrefix(c.File, "faults") && !strings.Contains(svg, "%</text>") {
			t.Errorf("%s: no axis label in percent", c.File)
		}
		for i, a := range c.Labels {
			for _, b := range c.Labels[i+1:] {
				if overlaps(a.Rectangle, b.Rectangle) {
					t.Errorf("%s: labels %q and %q overlap", c.File, a.Text, b.Text)
				}
			}
		}
		// The tradeoff chart tells cells apart by colour (workload) and mark (DOP), named in its legend.
		if strings.HasPrefix(c.File, "tradeoff") {
			for _, want := range []string{">fixed</text>", ">mixed</text>", ">DOP 1</text>"} {
				if !strings.Contains(svg, want) {
					t.Errorf("%s: legend lacks %s", c.File, want)
				}
			}
		}
	}
}

// Ratio ticks: even steps of one factor in the ratio (so evenly spaced on the log axis), "no change"
// among them, labelled in percent, never closer than the gap.
func TestRatioTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64 // ratios
		want   string
	}{
		{0.5, 2, "-50% 0 +100%"},
		{0.6, 1.4, "-36% -20% 0 +25%"},
		{0.25, 4, "-75% -50% 0 +100% +300%"},
		{0.05, 4, "-94% -75% 0 +300%"},
		{0.9, 1.11, "-9% -5% 0 +5% +10%"},
		{0.1, 2.6, "-88% -75% -50% 0 +100%"},
	} {
		var got []string
		ts := (ratioTicks{gap: 0.2}).Ticks(math.Log(tc.lo), math.Log(tc.hi))
		for i, tk := range ts {
			got = append(got, tk.Label)
			if i > 1 {
				if d0, d1 := ts[i-1].Value-ts[i-2].Value, tk.Value-ts[i-1].Value; math.Abs(d0-d1) > 1e-9 {
					t.Errorf("ticks on [%v, %v] uneven: steps %v and %v", tc.lo, tc.hi, d0, d1)
				}
			}
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("ticks on [%v, %v]: %q, want %q", tc.lo, tc.hi, strings.Join(got, " "), tc.want)
		}
	}
}

// Decade ticks: powers of ten, with 2 and 5 on short axes, and a "0" at the floor where zeros are drawn.
func TestDecadeTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi, floor float64
		want          string
	}{
		{-3, 2, math.NaN(), "0.001 0.01 0.1 1 10 100"},
		{-1, 0.5, math.NaN(), "0.1 0.2 0.5 1 2"},
		{-3.5, 1, -3.5, "0 0.001 0.01 0.1 1 10"},
	} {
		var got []string
		for _, tk := range (decadeTicks{floor: tc.floor}).Ticks(tc.lo, tc.hi) {
			got = append(got, tk.Label)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("ticks on [%v, %v] floor %v: %q, want %q", tc.lo, tc.hi, tc.floor, strings.Join(got, " "), tc.want)
		}
	}
}

// The faults charts of one platform's backends share their y scale: a second backend with a thousand
// times the faults makes both charts span the same decades, so that they compare by position.
func TestFaultsChartsShareScale(t *testing.T) {
	in, err := load([]string{filepath.Join("testdata")})
	if err != nil {
		t.Fatal(err)
	}
	samples := in.Samples
	for _, s := range in.Samples {
		if s.Result == nil {
			continue
		}
		r := *s.Result
		r.MinorFaults = r.MinorFaults*1000 + 1000
		s.Result, s.Cell.Backend = &r, s.Cell.Backend+"x"
		samples = append(samples, s)
	}
	a, err := stats.Analyze(samples, stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := faultsCharts(newModel(samples, a))
	if err != nil {
		t.Fatal(err)
	}
	ticks := map[string][]string{} // platform slug: the y tick labels of each of its charts
	tickLabel := regexp.MustCompile(`>(0|[0-9.]+)</text>`)
	for _, c := range cs {
		platform := strings.Join(strings.Split(strings.TrimPrefix(c.File, "faults-"), "-")[:2], "-")
		var got []string
		for _, m := range tickLabel.FindAllStringSubmatch(string(c.SVG), -1) {
			got = append(got, m[1])
		}
		ticks[platform] = append(ticks[platform], strings.Join(got, " "))
	}
	if len(ticks) == 0 {
		t.Fatal("no faults charts")
	}
	for p, ts := range ticks {
		if len(ts) != 2 {
			t.Errorf("%s: %d faults charts, want one per backend (2)", p, len(ts))
			continue
		}
		if ts[0] != ts[1] || ts[0] == "" {
			t.Errorf("%s: the backends' faults charts have different y scales:\n%s\n%s", p, ts[0], ts[1])
		}
	}
}

// Log value ticks: 1, 2 and 5 per decade labelled on an axis under two decades, decades only on a longer
// one, every multiple ticked.
func TestLogValueTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		want   string
	}{
		{8, 300, "10 20 50 100 200"},
		{0.5, 3000, "1 10 100 1000"},
	} {
		var got []string
		n := 0
		for _, tk := range (logValueTicks{}).Ticks(tc.lo, tc.hi) {
			n++
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if strings.Join(got, " ") != tc.want || n <= len(got) {
			t.Errorf("ticks on [%v, %v]: %q (%d ticks), want %q and unlabelled ones", tc.lo, tc.hi, strings.Join(got, " "), n, tc.want)
		}
	}
}
