package report

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	shotsIn  = flag.String("shots-in", "", "results `dirs` (comma-separated) to render for TestScreenshots")
	shotsOut = flag.String("shots-out", "", "`dir` TestScreenshots renders the report into, as HTML pages beside its SVGs, with PNG screenshots")
)

// Screenshot geometry: a laptop browser window, what the issue calls the first screen.
const (
	screenW = 1400
	screenH = 900
)

// TestScreenshots renders a report from -shots-in into -shots-out, writes each page as HTML (toHTML,
// GitHub's layout closely enough) and, when chromium is installed, screenshots the first page's first
// screen (first-screen.png) and each chart at its own size (<chart>.png), so that a reviewer looks at
// what a reader sees. Skipped without the flags: docs/screenshots.sh runs it.
func TestScreenshots(t *testing.T) {
	if *shotsIn == "" || *shotsOut == "" {
		t.Skip("give -shots-in and -shots-out (docs/screenshots.sh)")
	}
	out, err := filepath.Abs(*shotsOut)
	if err != nil {
		t.Fatal(err)
	}
	var in []string
	for _, p := range strings.Split(*shotsIn, ",") {
		abs, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, abs)
	}
	path, err := Render(Options{In: in, Out: out}) // named after its run, as lab report names it
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(path)
	pages := reportPages(t, dir)
	for name, page := range pages {
		html := toHTML(page, pageWidth)
		html = mdPageLink.ReplaceAllString(html, `href="$1.html`)
		if err := os.WriteFile(filepath.Join(dir, strings.TrimSuffix(name, ".md")+".html"), []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Logf("no chromium: HTML pages in %s, no screenshots", dir)
		return
	}
	shoot := func(png, url string, w, h int) {
		cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
			"--screenshot="+png, "--window-size="+itoa(w)+","+itoa(h), url)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("chromium %s: %v\n%s", url, err, b)
		}
	}
	shoot(filepath.Join(dir, "first-screen.png"), "file://"+filepath.Join(dir, "README.html"), screenW, screenH)
	svgs, _ := filepath.Glob(filepath.Join(dir, "*.svg"))
	for _, svg := range svgs {
		w, h := svgSize(t, svg)
		shoot(strings.TrimSuffix(svg, ".svg")+".png", "file://"+svg, w, h)
	}
	t.Logf("pages and screenshots in %s", dir)
}

// mdPageLink matches an HTML link to a sibling markdown page, to point it at the page's HTML.
var mdPageLink = regexp.MustCompile(`href="([a-z]+)\.md`)

func itoa(n int) string { return strconv.Itoa(n) }

// svgSize reads an SVG's width and height in points and returns them in CSS pixels (96/72 per point).
func svgSize(t *testing.T, path string) (w, h int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`width="([0-9.]+)pt" height="([0-9.]+)pt"`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s: no width and height in points", path)
	}
	pw, _ := strconv.ParseFloat(string(m[1]), 64)
	ph, _ := strconv.ParseFloat(string(m[2]), 64)
	return int(pw*96/72 + 0.5), int(ph*96/72 + 0.5)
}
