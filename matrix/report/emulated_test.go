package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// emuSample is a sample of run on cellPlatform whose host reported hostPlatform (empty: it failed).
func emuSample(run, cellPlatform, hostPlatform, osName, emulated string) matrix.Sample {
	s := matrix.Sample{Run: run, Cell: matrix.Cell{Platform: cellPlatform, Workload: "fixed", DOP: 1, Phase: "cold", Backend: "goheap"},
		Variant: "control", Emulated: emulated}
	if hostPlatform == "" {
		s.Error = "exit status 2"
		return s
	}
	goos, goarch, _ := strings.Cut(hostPlatform, "/")
	s.OK = true
	s.Result = &hostresult.Result{Variant: "control", Ops: 1, ElapsedNs: 1, Env: hostresult.Env{GOOS: goos, GOARCH: goarch, OS: osName}}
	return s
}

func TestAttributePlatforms(t *testing.T) {
	for _, tt := range []struct {
		name    string
		samples []matrix.Sample
		want    []string // each sample's platform afterwards
	}{
		{"the host's report wins over the runner's cell",
			[]matrix.Sample{emuSample("r", "linux/amd64", "windows/amd64", "Windows 10.0.19045 (wine 8.0)", "")},
			[]string{"windows/amd64"}},
		{"a failed sample goes where its run's hosts went",
			[]matrix.Sample{emuSample("r", "linux/amd64", "windows/amd64", "", ""), emuSample("r", "linux/amd64", "", "", "")},
			[]string{"windows/amd64", "windows/amd64"}},
		{"a failed sample of a run of two platforms stays put",
			[]matrix.Sample{emuSample("r", "linux/amd64", "windows/amd64", "", ""), emuSample("r", "linux/amd64", "linux/arm64", "", ""), emuSample("r", "linux/amd64", "", "", "")},
			[]string{"windows/amd64", "linux/arm64", "linux/amd64"}},
		{"another run's hosts say nothing about this one's failures",
			[]matrix.Sample{emuSample("a", "linux/amd64", "windows/amd64", "", ""), emuSample("b", "linux/amd64", "", "", "")},
			[]string{"windows/amd64", "linux/amd64"}},
		{"a host that reported no platform leaves the cell's",
			[]matrix.Sample{emuSample("r", "linux/arm64", "/", "", "")},
			[]string{"linux/arm64"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, s := range attributePlatforms(tt.samples) {
				got = append(got, s.Cell.Platform)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("platforms %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSplitEmulated(t *testing.T) {
	samples := []matrix.Sample{
		emuSample("native", "linux/amd64", "linux/amd64", "Linux 6.1", ""),
		emuSample("qemu", "linux/arm64", "linux/arm64", "Linux 6.1", "qemu-aarch64-static"),
		emuSample("qemu", "linux/arm64", "", "", "qemu-aarch64-static"),
		// A run from before the marker: its hosts said wine; its failed sample goes with them.
		emuSample("old", "linux/amd64", "windows/amd64", "Windows 10.0.19045 (wine 8.0)", ""),
		emuSample("old", "linux/amd64", "", "", ""),
	}
	measured, emulated := splitEmulated(samples)
	if len(measured) != 1 || measured[0].Run != "native" {
		t.Errorf("measured %+v, want the native run's sample only", measured)
	}
	var got []string
	for _, s := range emulated {
		got = append(got, s.Run+":"+s.Emulated)
	}
	want := []string{"qemu:qemu-aarch64-static", "qemu:qemu-aarch64-static", "old:wine", "old:wine"}
	if !slices.Equal(got, want) {
		t.Errorf("emulated %v, want %v", got, want)
	}
}

// writeEmulatedRun writes a results directory of an emulated smoke run: every variant in every cell of
// the backends, under emulator, with the given failures and disagreements (variant -> round) in the
// first cell. The runner's cells say runnerPlatform; the hosts report hostPlatform.
func writeEmulatedRun(t *testing.T, dir, run, runnerPlatform, hostPlatform, osName, emulator string, backends []string, fail, disagree map[string]int) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	goos, goarch, _ := strings.Cut(hostPlatform, "/")
	smoke, _ := runner.ProfileByName("smoke")
	plan := smoke.Plan
	plan.Platform, plan.Variants, plan.Workloads, plan.Phases, plan.DOPs, plan.Backends, plan.Rounds, plan.ColdOps, plan.WarmOps =
		runnerPlatform, []string{"control", "pooled", "splitalloc"}, []string{"fixed", "mixed"}, []string{"cold", "warm"}, []int{1}, backends, 2, 20, 20
	plan.ZlibNG = "" // as old as the measured fixtures they are rendered with: a report holds one generation
	index := map[matrix.Cell]int{}
	for i, c := range plan.Cells() {
		index[c] = i
	}
	first := true
	n, failed := 0, 0
	for _, backend := range backends {
		for _, wl := range []string{"fixed", "mixed"} {
			for _, phase := range []string{"cold", "warm"} {
				cell := matrix.Cell{Platform: runnerPlatform, Workload: wl, DOP: 1, Phase: phase, Backend: backend}
				for round := range 2 {
					for pos, v := range plan.RoundOrder(index[cell], round) {
						s := matrix.Sample{Run: run, Cell: cell, Variant: v, Round: round, Position: pos, Emulated: emulator, WallNs: 90e6}
						if r, ok := fail[v]; first && ok && r == round {
							s.Error, s.ExitStatus, failed = "exit status 2", 2, failed+1
						} else {
							digest := fmt.Sprintf("%s-%s", wl, phase)
							if r, ok := disagree[v]; first && ok && r == round {
								digest = "different"
							}
							s.OK = true
							s.Result = &hostresult.Result{Variant: v, Backend: backend, Workload: wl, Phase: phase, DOP: 1, Ops: 20,
								ElapsedNs: int64(1e6 * (pos + 1)), OutputBytes: 1000, Digest: digest, ZlibNG: plan.ZlibNG,
								Env: hostresult.Env{GOOS: goos, GOARCH: goarch, OS: osName, GoVersion: "go1.26.8", Commit: "abc"}}
						}
						if emulator == "" {
							s.Emulated = ""
						}
						enc.Encode(s)
						n++
					}
				}
				first = false
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, resultsdir.SamplesFile), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	start, _ := time.Parse("20060102T150405Z", run[:16])
	m := matrix.Manifest{Run: run, Profile: "smoke", Status: matrix.StatusComplete, Samples: n, Failed: failed, Planned: n,
		Start: start, End: start.Add(time.Minute), Emulated: emulator,
		Plan:    plan,
		Harness: &matrix.Harness{Calibration: hostresult.Calibration{NsPerOp: 9000, Ops: 1, Repeats: 1}, Variant: "control"}}
	data, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(dir, resultsdir.ManifestFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Emulated runs added to a report change nothing that is drawn from measurements - verdicts, tables,
// charts, the index's verdicts - even when a measured run of the same platform is there; they appear,
// by platform and marked emulated, only in their own section (golden) and the index's platform list.
func TestEmulatedKeptOutOfVerdicts(t *testing.T) {
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	measured := filepath.Join(testdata, "results-windows-amd64.jsonl")
	tmp := t.TempDir()
	wine, qemu, legacy := filepath.Join(tmp, "emu-a"), filepath.Join(tmp, "emu-b"), filepath.Join(tmp, "emu-c")
	writeEmulatedRun(t, wine, "20261130T100000Z-windows-amd64", "windows/amd64", "windows/amd64", "Windows 10.0.19045 (wine 8.0)",
		"/cache/deflatelab/bench/wine-exec.sh", []string{"goheap", "pages", "privateheap", "crt"}, nil, nil)
	writeEmulatedRun(t, qemu, "20261130T100100Z-linux-arm64", "linux/arm64", "linux/arm64", "Linux 6.1.0-28-amd64",
		"/usr/bin/qemu-aarch64-static", []string{"goheap", "pages"}, map[string]int{"pooled": 1}, map[string]int{"splitalloc": 0})
	// The hand-made run: wrappers as hosts, so the runner filed them under its own platform and
	// marked nothing; the hosts' own reports say windows/amd64 under wine.
	writeEmulatedRun(t, legacy, "20261130T100200Z-linux-amd64", "linux/amd64", "windows/amd64", "Windows 10.0.19045 (wine 8.0)",
		"", []string{"crt"}, map[string]int{"control": 0}, nil)

	render := func(name string, in ...string) (readme string, files map[string][]byte, e entry) {
		t.Helper()
		out := filepath.Join(tmp, "reports")
		if _, err := Render(Options{In: in, Out: out, Name: name, Date: goldenDate}); err != nil {
			t.Fatal(err)
		}
		files = map[string][]byte{}
		dir := filepath.Join(out, name)
		ents, _ := os.ReadDir(dir)
		for _, f := range ents {
			if !f.IsDir() {
				files[f.Name()], _ = os.ReadFile(filepath.Join(dir, f.Name()))
			}
		}
		if err := json.Unmarshal(files[entryFile], &e); err != nil {
			t.Fatal(err)
		}
		return reportText(t, dir), files, e
	}
	aloneMD, aloneFiles, aloneEntry := render("alone", measured)
	withMD, withFiles, withEntry := render("with", measured, wine, qemu, legacy)

	// The measured part of the page, up to the environment (which lists the inputs), is the same once the
	// emulated section is taken out.
	section, rest := cutSection(withMD, "## Emulated platforms")
	if section == "" {
		t.Fatalf("no emulated section in\n%s", withMD)
	}
	// The date (the latest run's start) and the name may differ; the platforms after them may not.
	before := func(md string) string {
		s, _, _ := strings.Cut(md, "## Machines, commands and raw files")
		s = regexp.MustCompile("run `[^`]*`").ReplaceAllString(s, "run NAME")
		return regexp.MustCompile(`\d{4}-\d\d-\d\d \d\d:\d\d UTC`).ReplaceAllString(s, "DATE")
	}
	if got, want := before(rest), before(aloneMD); got != want {
		t.Errorf("emulated runs changed the measured part of the report:\n%s", firstDiff(want, got))
	}
	for name, data := range aloneFiles {
		if strings.HasSuffix(name, ".svg") && !bytes.Equal(data, withFiles[name]) {
			t.Errorf("chart %s changed with the emulated runs", name)
		}
	}
	for name := range withFiles {
		if _, ok := aloneFiles[name]; !ok && name != readmeFile && name != environmentPage {
			t.Errorf("the emulated runs added %s", name)
		}
	}
	if !slices.Equal(withEntry.Verdicts, aloneEntry.Verdicts) {
		t.Errorf("index verdicts %q, want %q", withEntry.Verdicts, aloneEntry.Verdicts)
	}
	wantPlatforms := append(slices.Clone(aloneEntry.Platforms), "linux/arm64 (emulated)", "windows/amd64 (emulated)")
	if !slices.Equal(withEntry.Platforms, wantPlatforms) {
		t.Errorf("index platforms %q, want %q", withEntry.Platforms, wantPlatforms)
	}

	golden := filepath.Join("testdata", "emulated", "section.golden.md")
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(section), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run TestEmulated -update)", err)
	}
	if got := string(comparable("md", []byte(section))); got != string(comparable("md", want)) {
		t.Errorf("emulated section differs from %s (run go test -run TestEmulated -update and review the diff)\n%s", golden, firstDiff(string(want), got))
	}
}

// A report of emulated runs alone still renders: its section, and no verdict.
func TestEmulatedOnly(t *testing.T) {
	md := laidOut(t, Options{In: []string{emulatedOnlyRun(t)}, Name: "emu", Date: goldenDate})[readmeFile]
	section, rest := cutSection(md, "## Emulated platforms")
	if !strings.Contains(section, "windows/amd64 ("+emulatedMark+")") {
		t.Errorf("emulated section lacks the marked platform:\n%s", section)
	}
	verdicts, _ := cutSection(rest, "## Verdicts")
	if !strings.Contains(verdicts, "draws no verdict") || strings.Contains(verdicts, "windows/amd64") {
		t.Errorf("verdicts of emulated runs alone:\n%s", verdicts)
	}
	for _, absent := range []string{"## Elapsed time", "## Charts", ".svg"} {
		if strings.Contains(rest, absent) {
			t.Errorf("a report of emulated runs alone has %q", absent)
		}
	}
}

// emulatedOnlyRun writes one run of windows/amd64 under wine, every sample emulated, and returns its folder.
func emulatedOnlyRun(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "emu")
	writeEmulatedRun(t, dir, "20261130T100000Z-windows-amd64", "windows/amd64", "windows/amd64", "Windows 10.0.19045 (wine 8.0)",
		"wine-exec.sh", []string{"crt"}, nil, nil)
	return dir
}

// cutSection returns the markdown section starting at heading (up to the next "## "), and md without it.
func cutSection(md, heading string) (section, rest string) {
	i := strings.Index(md, heading)
	if i < 0 {
		return "", md
	}
	j := strings.Index(md[i+len(heading):], "\n## ")
	if j < 0 {
		return md[i:], md[:i]
	}
	end := i + len(heading) + j + 1
	return md[i:end], md[:i] + md[end:]
}
