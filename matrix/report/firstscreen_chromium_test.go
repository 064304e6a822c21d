package report

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// measureScript records, once the page has loaded, the bottom edge (CSS pixels from the top of the
// page) of every table's last row, in page order, in the body's data-bottoms attribute, which
// --dump-dom prints.
const measureScript = `<script>window.addEventListener('load', () => {
  const out = [];
  document.querySelectorAll('table').forEach(t => {
    const r = t.rows[t.rows.length - 1].getBoundingClientRect();
    out.push(Math.ceil(r.bottom + window.scrollY));
  });
  document.body.setAttribute('data-bottoms', out.join(','));
});</script>`

var dataBottoms = regexp.MustCompile(`data-bottoms="([0-9,]*)"`)

// tableBottoms lays a markdown page out in headless Chromium in a screenW x screenH window, as
// docs/screenshots.sh does, and returns the bottom of each table's last row, in pixels from the top.
func tableBottoms(t *testing.T, chromium, page string) []int {
	t.Helper()
	html := strings.Replace(toHTML(page, pageWidth), "</body>", measureScript+"</body>", 1)
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		fmt.Sprintf("--window-size=%d,%d", screenW, screenH), "--dump-dom", "file://"+path)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	m := dataBottoms.FindSubmatch(out)
	if m == nil {
		t.Fatalf("chromium gave no table positions; its DOM:\n%.2000s", out)
	}
	var bs []int
	for _, f := range strings.Split(string(m[1]), ",") {
		if f == "" {
			continue
		}
		b, err := strconv.Atoi(f)
		if err != nil {
			t.Fatal(err)
		}
		bs = append(bs, b)
	}
	return bs
}

// requireChromium, set to 1, makes a missing chromium a failure instead of a skip: .ci/run sets it and
// installs chromium, so CI always lays the first screen out (GitHub's CI variable is set on runners
// without chromium, so it cannot be the switch).
const requireChromium = "REQUIRE_CHROMIUM"

// chromiumOrSkip finds chromium; without it the test skips with the packages to install, or fails when
// REQUIRE_CHROMIUM=1 on Linux.
func chromiumOrSkip(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("chromium")
	if err == nil {
		return p
	}
	// Only where .ci/run installs it: the same test binary built for Windows runs under wine in CI, with
	// the environment inherited and no chromium.exe to find.
	if os.Getenv(requireChromium) == "1" && runtime.GOOS == "linux" {
		t.Fatalf("chromium not found, and %s=1: install the Debian packages chromium and fonts-liberation", requireChromium)
	}
	t.Skipf("chromium not installed (apt-get install chromium fonts-liberation; %s=1 makes this a failure): the first screen is not laid out", requireChromium)
	return ""
}

// TestFirstScreenFits lays out first pages as a 1400x900 browser window shows them and checks that the
// decision table is complete on the first screen: its last row ends above 900 px. The pages: the newest
// committed report's, and a run of three workloads (fixed, mixed, stream) at two decision
// DOPs, six decision rows, the most a backend's table has. The compact verdicts' bottom is logged.
func TestFirstScreenFits(t *testing.T) {
	chromium := chromiumOrSkip(t)
	three, err := Render(Options{In: []string{writeResults(t, threeWorkloadSamples())}, Out: t.TempDir(), Name: "three"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, dir string }{{"committed report", exampleReport(t)}, {"three workloads", filepath.Dir(three)}} {
		t.Run(c.name, func(t *testing.T) {
			page := reportPages(t, c.dir)[readmeFile]
			tables := mdTables(page)
			decision, verdicts := -1, -1
			for i, tb := range tables {
				switch {
				case decision < 0 && slices.Contains(tb[0], "N = 1"):
					decision = i
				case verdicts < 0 && tb[0][0] == verdictSummaryHead:
					verdicts = i
				}
			}
			if decision < 0 || verdicts < 0 {
				t.Fatalf("first page lacks the decision table (%d) or the compact verdicts (%d)", decision, verdicts)
			}
			if decision > verdicts {
				t.Errorf("the decision table (table %d) comes after the compact verdicts (table %d)", decision+1, verdicts+1)
			}
			bottoms := tableBottoms(t, chromium, page)
			if len(bottoms) != len(tables) {
				t.Fatalf("chromium laid out %d tables, the page has %d", len(bottoms), len(tables))
			}
			if b := bottoms[decision]; b > screenH {
				t.Errorf("the decision table's last row (%d rows) ends at %d px, below the first screen's %d px", len(tables[decision])-1, b, screenH)
			}
			t.Logf("decision table (%d rows) ends at %d px, compact verdicts at %d px (first screen: %d px)",
				len(tables[decision])-1, bottoms[decision], bottoms[verdicts], screenH)
		})
	}
}
