package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/report/reporttest"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// A merged folder reports exactly as its runs given together: the same comparisons (cells.json) and the
// same first page, but for the raw folder names.
func TestMergedReportsAsJoint(t *testing.T) {
	tmp := t.TempDir()
	a, b := filepath.Join(tmp, "a"), filepath.Join(tmp, "b")
	reporttest.WriteReplica(t, a, "20261201T110000Z-linux-amd64-aaaaaaaa", 1, 1.3)
	reporttest.WriteReplica(t, b, "20261201T120000Z-linux-amd64-bbbbbbbb", 2, 1.1)
	merged := filepath.Join(tmp, "merged")
	if _, err := resultsdir.MergeDirs(merged, []string{a, b}); err != nil {
		t.Fatal(err)
	}
	render := func(out string, in ...string) (readme, cells string) {
		t.Helper()
		p, err := Render(Options{In: in, Out: filepath.Join(tmp, out), Name: "x", Date: goldenDate})
		if err != nil {
			t.Fatal(err)
		}
		r, _ := os.ReadFile(p)
		c, _ := os.ReadFile(filepath.Join(filepath.Dir(p), "cells.json"))
		return string(r), string(c)
	}
	jointMD, jointCells := render("joint", a, b)
	mergedMD, mergedCells := render("merged", merged)
	if jointCells != mergedCells {
		t.Errorf("cells.json differs between the merged folder and the runs given together:\n%s", firstDiff(jointCells, mergedCells))
	}
	raw := regexp.MustCompile(`raw/[a-z]+`)
	if j, m := raw.ReplaceAllString(jointMD, "raw/X"), raw.ReplaceAllString(mergedMD, "raw/X"); j != m {
		t.Errorf("the first page differs:\n%s", firstDiff(j, m))
	}
	env, _ := os.ReadFile(filepath.Join(tmp, "merged", "x", environmentPage))
	if !strings.Contains(string(env), "go run ./cmd/lab report -force -in "+filepath.ToSlash(filepath.Join(tmp, "merged", "x", "raw", "merged"))+" -out") {
		t.Errorf("the reproduce command does not name the merged raw folder once:\n%s", env)
	}
	for _, run := range []string{"20261201T110000Z-linux-amd64-aaaaaaaa", "20261201T120000Z-linux-amd64-bbbbbbbb"} {
		if !strings.Contains(string(env), "| `"+run+"` | interleaved | 2 |") {
			t.Errorf("environment.md's spread table lacks run %s:\n%s", run, env)
		}
	}
}

// A run.json that cannot be read, or is a directory, does not stop the report: it renders from the
// samples alone and says why at the top; a plan that is not valid is named the same way.
func TestUnreadableManifest(t *testing.T) {
	for _, tc := range []struct {
		name  string
		spoil func(dir string)
		want  string
	}{
		{"garbage", func(dir string) {
			os.WriteFile(filepath.Join(dir, resultsdir.ManifestFile), []byte("{not json"), 0o644)
		},
			"**Not checked against its plan:** `raw/r/run.json` cannot be read (matrix: run.json: invalid character"},
		{"directory", func(dir string) {
			os.Remove(filepath.Join(dir, resultsdir.ManifestFile))
			os.Mkdir(filepath.Join(dir, resultsdir.ManifestFile), 0o755)
		}, "**Not checked against its plan:** `run.json` beside raw/r is a directory"},
		{"invalid plan", func(dir string) {
			m, _ := resultsdir.ReadManifest(dir)
			m.Plan.DOPs = []int{1, 1}
			data, _ := json.Marshal(m)
			os.WriteFile(filepath.Join(dir, resultsdir.ManifestFile), data, 0o644)
		}, "**Not checked against its plan:** the plan in `raw/r/run.json` is not valid (matrix: DOP 1 given twice; each DOP is one set of cells): its samples are checked for duplicates only"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "r")
			reporttest.WriteReplica(t, dir, "20261201T110000Z-linux-amd64-aaaaaaaa", 1, 1.3)
			tc.spoil(dir)
			pages := laidOut(t, Options{In: []string{dir}, Name: "x", Date: goldenDate})
			page, first := allText(pages), []byte(pages[readmeFile])
			if !regexp.MustCompile(`\*\*Weak evidence\*\*[^:]*: Not checked against its plan`).Match(first) {
				banner, _, _ := strings.Cut(string(first), "| Verdict")
				t.Errorf("the first page's banner does not open with the unchecked plan:\n%s", banner)
			}
			if !strings.Contains(page, tc.want) {
				t.Errorf("report lacks %q:\n%s", tc.want, page)
			}
			if !strings.Contains(page, "## Verdicts") {
				t.Error("no verdicts: the samples were not rendered")
			}
		})
	}
}

// Samples of one variant from two builds (a run older than pinning that saw a rebuild, or folders of two
// builds given together) are named at the top of the banner.
func TestMixedBuildsNamed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	reporttest.WriteReplica(t, dir, "20261201T110000Z-linux-amd64-aaaaaaaa", 1, 1.3)
	editLines := func(path string, edit func(i int, l string) string) {
		b, _ := os.ReadFile(path)
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		for i := range lines {
			lines[i] = edit(i, lines[i])
		}
		os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	}
	editLines(filepath.Join(dir, resultsdir.SamplesFile), func(i int, l string) string {
		if i >= 12 { // the second half of the run: pooled rebuilt
			return strings.Replace(l, `"build":"bpooled"`, `"build":"rebuilt"`, 1)
		}
		return l
	})
	pages := laidOut(t, Options{In: []string{dir}, Name: "x", Date: goldenDate})
	page, first := allText(pages), []byte(pages[readmeFile])
	if !regexp.MustCompile(`\*\*Weak evidence\*\*[^:]*: Two builds of one variant`).Match(first) ||
		!strings.Contains(page, "**Two builds of one variant:** pooled on linux/amd64 ran 2 builds: build bpooled (6 samples), build rebuilt (6 samples)") {
		t.Errorf("two builds of pooled not named:\n%s", first)
	}
}
