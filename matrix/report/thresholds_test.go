package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/giveback"
)

// thresholdsResult is a result of every default size, pattern and a Windows machine's four backends,
// its ratios stepping at a backend's own size, so that every series and mark is drawn.
func thresholdsResult() giveback.Result {
	r := giveback.Result{Platform: "windows/amd64", OS: "Windows", CPU: "cpu", Go: "go1.26", PageSize: 4096, Rounds: 32, Repeats: 3, Marks: giveback.Marks}
	for bi, name := range []string{"privateheap", "crt", "pages", "goheap"} {
		be := giveback.Backend{Name: name, About: name}
		for pi, p := range giveback.DefaultPatterns() {
			for _, s := range giveback.DefaultSizes() {
				ratio := 0.0
				if s >= 65536<<(bi+pi)%5 {
					ratio = 1
				}
				be.Points = append(be.Points, giveback.Point{Size: s, Pattern: p, Pages: float64(s) / 4096, Ratio: ratio,
					RatioLow: ratio * 0.9, RatioHigh: ratio, Faults: ratio * float64(s) / 4096, Processes: 3})
			}
		}
		be.Thresholds = giveback.Thresholds(be.Points)
		r.Backends = append(r.Backends, be)
	}
	return r
}

// The thresholds chart's texts never overlap, with three backends (a spare tile takes the legend) and four.
func TestThresholdsChartTexts(t *testing.T) {
	for _, n := range []int{3, 4, 1} {
		r := thresholdsResult()
		r.Backends = r.Backends[:n]
		svg, err := ThresholdsChart(r)
		if err != nil {
			t.Fatal(err)
		}
		ts := svgTexts(t, svg)
		var all []string
		for _, x := range ts {
			all = append(all, x.Text)
		}
		text := strings.Join(all, "|")
		for _, want := range []string{"split head, 128.1 KiB", "split remainder, 214.1 KiB", "consolidated state, 342.1 KiB", "window/8", "4 KiB", "256 KiB", "2 MiB", r.Backends[n-1].Name} {
			if !strings.Contains(text, want) {
				t.Errorf("%d backends: chart lacks %q: %s", n, want, text)
			}
		}
		for _, p := range overlappingTexts(ts, textClearance) {
			t.Errorf("%d backends: texts overlap: %v and %v", n, p[0], p[1])
		}
	}
	if _, err := ThresholdsChart(giveback.Result{}); err == nil {
		t.Error("a result without backends drawn")
	}
}

func TestWriteThresholds(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	path, err := WriteThresholds(dir, "windows-amd64", thresholdsResult())
	if err != nil {
		t.Fatal(err)
	}
	if path != filepath.Join(dir, "windows-amd64.md") {
		t.Errorf("path %s", path)
	}
	for _, ext := range []string{".json", ".svg", ".md"} {
		if fi, err := os.Stat(filepath.Join(dir, "windows-amd64"+ext)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", ext, err)
		}
	}
	md, _ := os.ReadFile(path)
	if !strings.Contains(string(md), "](windows-amd64.svg)") {
		t.Error("the markdown does not link its chart")
	}
	f, _ := os.Open(filepath.Join(dir, "windows-amd64.json"))
	defer f.Close()
	if r, err := giveback.ReadJSON(f, "json"); err != nil || len(r.Backends) != 4 {
		t.Errorf("the JSON reads back as %d backends, %v", len(r.Backends), err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
