package report

import (
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
)

// writeEnvironment writes the machines, the method in brief, the command and the raw files.
func writeEnvironment(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Machines, commands and raw files\n\n")
	var rows [][]string
	for _, p := range m.Platforms() {
		for _, e := range m.Envs[p] {
			rows = append(rows, []string{p, e.CPU, strconv.Itoa(e.NumCPU), strconv.Itoa(e.GOMAXPROCS), e.OS, e.GoVersion, e.Commit, e.Runner})
		}
		if len(m.Envs[p]) == 0 {
			rows = append(rows, []string{p, "no successful sample", "", "", "", "", "", ""})
		}
	}
	MarkdownTable(w, []string{"Platform", "CPU", "Cores", "GOMAXPROCS", "OS", "Go", "Commit", "Runner / machine"}, rows)
	writeLoad(w, m)
	writeSpread(w, m)
	writeLayoutSensitivity(w, m)
	writePairing(w, m)
	writeVariance(w, m)
	fmt.Fprintf(w, "**Method in brief.** A cell is (platform, workload, DOP, phase, backend). Each round runs every "+
		"variant of a cell once, each in a fresh host process, in an order rotated from round to round; an "+
		"interleaved run takes round r of every cell, in a seeded random order of the cells, before any cell's "+
		"round r+1 (the table above says which runs did); the "+
		"candidate's and control's samples of one round form a pair. Cold measures the first operations of a "+
		"fresh process, warm the operations after a warm-up. Medians of each variant and their intervals are "+
		"golang.org/x/perf/benchmath's, as benchstat computes them. A change is the Hodges-Lehmann estimate of the "+
		"per-round log ratios with its Wilcoxon signed-rank interval; it is significant when the signed-rank "+
		"test (the Mann-Whitney U test when there are too few pairs for an interval) stays below %s after the "+
		"Benjamini-Hochberg correction over every comparison of the page. Every sample's output bytes and digest "+
		"must match the cell's reference. Details and limits: [docs/METHOD.md](%s).\n\n", alphaNum(m.Analysis.Alpha), m.MethodLink)
	fmt.Fprintf(w, "**Reproduce this report** (from the repository root):\n\n```\n%s\n```\n\n", m.Command)
	var benchFiles []string
	for _, r := range m.Raw {
		if r.Kind == kindBench {
			benchFiles = append(benchFiles, shellQuote(path.Join(m.Out, m.Name, rawDir, r.Name)))
		}
	}
	if len(benchFiles) > 0 {
		fmt.Fprintf(w, "benchstat's view of the same samples, variant against variant in each cell:\n\n```\ngo tool benchstat -col /variant %s\n```\n\n", strings.Join(benchFiles, " "))
	}
	fmt.Fprintf(w, "**Raw files** (one folder per results directory):\n\n")
	for _, r := range m.Raw {
		fmt.Fprintf(w, "- [raw/%s](raw/%s) - %s\n", r.Name, r.Name, kindText[r.Kind])
	}
	fmt.Fprintf(w, "\nRun ids: %s.\n", "`"+strings.Join(m.Runs, "`, `")+"`")
	for _, src := range m.Sources {
		if src.Manifest == nil {
			continue
		}
		mf := src.Manifest
		fmt.Fprintf(w, "\n`raw/%s`: run `%s`, profile %s, status %s, %d of %d planned samples recorded (%d failed%s), started %s",
			src.Group, mf.Run, mf.Profile, mf.Status, mf.Samples, mf.Planned, mf.Failed, extraSamplesText(mf), mf.Start.UTC().Format(time.RFC3339))
		if !mf.End.IsZero() {
			fmt.Fprintf(w, ", ended %s", mf.End.UTC().Format(time.RFC3339))
		}
		fmt.Fprintf(w, ".")
		if mf.Error != "" {
			fmt.Fprintf(w, " Error: %s.", mf.Error)
		}
		for _, c := range mf.Command {
			fmt.Fprintf(w, " Command: `%s`.", shellJoin(c))
		}
		fmt.Fprintln(w)
	}
}

// kindText describes each kind of raw file.
var kindText = map[string]string{
	kindResults:  "results, JSONL (one sample per line)",
	kindBench:    "Go benchmark format (`go tool benchstat` reads it)",
	kindManifest: "the runner's manifest: plan, host binaries, commands, status",
}

// extraSamplesText is ", 40 in re-sampled cells' extra rounds" for a run whose planned samples include
// re-sampling's (matrix.Count), empty for one without.
func extraSamplesText(mf *matrix.Manifest) string {
	if mf.Extra == 0 {
		return ""
	}
	return fmt.Sprintf(", %d in re-sampled cells' extra rounds", mf.Extra)
}
