package report

import (
	"fmt"
	"io"
	"maps"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// mdTable writes a GitHub markdown table; "|" inside a cell is escaped.
func mdTable(w io.Writer, header []string, rows [][]string) {
	line := func(cells []string) {
		esc := make([]string, len(cells))
		for i, c := range cells {
			esc[i] = strings.ReplaceAll(c, "|", `\|`)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(esc, " | "))
	}
	line(header)
	sep := make([]string, len(header))
	for i := range sep {
		sep[i] = "---"
	}
	line(sep)
	for _, r := range rows {
		line(r)
	}
	fmt.Fprintln(w)
}

// writeQuestion writes the title and the question the report answers.
func writeQuestion(w io.Writer, m *model) {
	fmt.Fprintf(w, "# %s\n\n", m.Title)
	fmt.Fprintf(w, "%s · run `%s` · %s\n\n", m.Date.UTC().Format("2006-01-02 15:04 UTC"), m.Name, strings.Join(m.Platforms(), ", "))
	fmt.Fprintf(w, "**The question.** Making a short-lived compressor allocates a large native deflate state. "+
		"Does a candidate (pooling idle states, or splitting the hash table into its own allocation) make the "+
		"warm phase faster, does it make the cold phase (the first operations of a fresh process) slower, by how "+
		"much, and how sure are we - on each platform and native allocator? Every figure below is computed from "+
		"the raw results kept in [raw/](raw/).\n\n")
}

// writeVerdicts writes the verdict table: one row per candidate, platform and backend.
func writeVerdicts(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Verdicts\n\n")
	var rows [][]string
	for _, r := range m.Verdicts {
		rows = append(rows, []string{r.Candidate, r.Platform, r.Backend,
			phaseVerdict("warm", r.Warm) + "; " + phaseVerdict("cold", r.Cold),
			cellOutcomes(r.Warm), cellOutcomes(r.Cold)})
	}
	mdTable(w, []string{"Candidate", "Platform", "Backend", "Elapsed time vs control (all workloads and DOPs)",
		"Warm, per cell", "Cold, per cell"}, rows)
	fmt.Fprintf(w, "A verdict pools every per-round ratio candidate/control of the phase, over all workloads and "+
		"DOPs: its median, as a percentage, with the %s interval in brackets; \"~\" means that interval includes "+
		"no change. Pooling hides differences between workloads, so the per-cell columns sort each workload/DOP "+
		"by its own paired interval (thin: too few pairs for one, so its Mann-Whitney U test at alpha %s decides). "+
		"See [the method](%s).\n\n",
		confidencePct(m.Analysis.Confidence), alphaText(m), methodLink)
	writeIntegrity(w, m)
}

func phaseVerdict(phase string, v *stats.Verdict) string {
	if v == nil {
		return phase + " not measured"
	}
	if v.Ratio.Empty() {
		return phase + ": no pairs"
	}
	return phase + " " + change(*v)
}

// cellOutcomes lists a verdict's cells by their own U test: "faster: fixed/8 · slower: mixed/4 · ~: fixed/1".
func cellOutcomes(v *stats.Verdict) string {
	if v == nil {
		return "-"
	}
	groups := map[int][]string{}
	for _, o := range v.Outcomes {
		name := fmt.Sprintf("%s/%d", o.Workload, o.DOP)
		if o.Thin {
			name += " (thin)"
		}
		groups[o.Direction] = append(groups[o.Direction], name)
	}
	var parts []string
	for _, g := range []struct {
		dir  int
		word string
	}{{-1, "faster"}, {+1, "slower"}, {0, "~"}} {
		if len(groups[g.dir]) > 0 {
			parts = append(parts, g.word+": "+strings.Join(groups[g.dir], ", "))
		}
	}
	return strings.Join(parts, " · ")
}

func alphaText(m *model) string { return strconv.FormatFloat(m.Analysis.Alpha, 'g', -1, 64) }

func confidencePct(c float64) string { return strconv.FormatFloat(c*100, 'f', -1, 64) + "%" }

// writeIntegrity lists every failed or mismatched sample's cell, and every cell with variants too thin
// for an interval (folded when there are many).
func writeIntegrity(w io.Writer, m *model) {
	var failed, mismatched, thin int
	var bad, thinCells []string
	for _, c := range m.Analysis.Cells {
		var thinVariants []string
		for _, v := range c.Variants {
			failed += v.Failed
			mismatched += v.Mismatched
			var what []string
			if v.Failed > 0 {
				what = append(what, fmt.Sprintf("%d failed", v.Failed))
			}
			if v.Mismatched > 0 {
				what = append(what, fmt.Sprintf("%d output mismatch", v.Mismatched))
			}
			if len(what) > 0 {
				bad = append(bad, fmt.Sprintf("- %s, %s: %s (%s)", cellName(c), v.Name, strings.Join(what, ", "), strings.Join(v.Errors, "; ")))
			}
			if e := v.Metrics[stats.Elapsed.Name]; e.Thin() {
				thin++
				thinVariants = append(thinVariants, fmt.Sprintf("%s %d", v.Name, e.N))
			}
		}
		if len(thinVariants) > 0 {
			thinCells = append(thinCells, fmt.Sprintf("- %s: %s usable samples", cellName(c), strings.Join(thinVariants, ", ")))
		}
	}
	total := 0
	for _, n := range m.Samples {
		total += n
	}
	fmt.Fprintf(w, "**Data quality.** %d samples: %d failed, %d with an output that differs from the cell's "+
		"reference (left out of the statistics); %d variant cells too thin for an interval.\n\n", total, failed, mismatched, thin)
	for _, src := range m.Sources {
		if mf := src.Manifest; mf != nil && (mf.Status != matrix.StatusComplete || mf.Samples < mf.Planned) {
			bad = append(bad, fmt.Sprintf("- run `%s` (raw/%s): status **%s**, %d of %d planned samples recorded%s",
				mf.Run, src.Group, mf.Status, mf.Samples, mf.Planned, strings.TrimSuffix(" - "+mf.Error, " - ")))
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(w, "%s\n\n", strings.Join(bad, "\n"))
	}
	if len(thinCells) > 0 {
		fmt.Fprintf(w, "<details><summary>Cells too thin for an interval: %d</summary>\n\n%s\n\n</details>\n\n", len(thinCells), strings.Join(thinCells, "\n"))
	}
}

func cellName(c *stats.Cell) string {
	return fmt.Sprintf("%s %s %s DOP %d %s", c.Platform, c.Backend, c.Workload, c.DOP, c.Phase)
}

// writeElapsed writes, per platform, backend and candidate, the seeds' table of elapsed times.
func writeElapsed(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Elapsed time\n\n")
	fmt.Fprintf(w, "Median elapsed time of the measured operations of each fresh process, in ms, with its %s "+
		"interval; delta is the median per-round ratio candidate/control minus 1, with its interval. \"~\" marks a "+
		"difference that is not significant: the paired interval includes no change (with too few pairs for an "+
		"interval: the U test's p > %s). \"no CI\" marks too few samples for an interval.\n\n",
		confidencePct(m.Analysis.Confidence), alphaText(m))
	control := m.Analysis.Control
	for _, p := range m.Platforms() {
		fmt.Fprintf(w, "### %s\n\n", p)
		for _, g := range m.Groups(p) {
			keys, cells := g.Rows()
			fmt.Fprintf(w, "Operations measured per process: %s.\n\n", opsSummary(g))
			for _, cand := range g.Candidates(control) {
				fmt.Fprintf(w, "#### %s vs %s, %s, backend %s\n\n", cand, control, p, g.Backend)
				var rows [][]string
				for _, k := range keys {
					row := []string{workloadLabel(k.Workload), strconv.Itoa(k.DOP)}
					var notes []string
					for _, phase := range []string{"cold", "warm"} {
						c := cells[k][phase]
						if c == nil {
							row = append(row, "not measured", "not measured", "")
							continue
						}
						row = append(row, variantCell(c, control), variantCell(c, cand), deltaCell(c.Delta(cand, stats.Elapsed.Name)))
						notes = append(notes, cellNotes(c, phase, control, cand)...)
					}
					rows = append(rows, append(row, strings.Join(notes, "; ")))
				}
				mdTable(w, []string{"Workload", "DOP", "Cold " + control, "Cold " + cand, "Delta", "Warm " + control, "Warm " + cand, "Delta", "Notes"}, rows)
			}
		}
	}
}

func variantCell(c *stats.Cell, name string) string {
	v := c.Variant(name)
	if v == nil {
		return "not measured"
	}
	return estimateCell(v.Metrics[stats.Elapsed.Name])
}

// cellNotes names the failed and mismatched samples of control and candidate in a cell.
func cellNotes(c *stats.Cell, phase string, names ...string) []string {
	var out []string
	for _, n := range names {
		v := c.Variant(n)
		if v == nil {
			continue
		}
		if v.Failed > 0 {
			out = append(out, fmt.Sprintf("%s %s: %d failed", phase, n, v.Failed))
		}
		if v.Mismatched > 0 {
			out = append(out, fmt.Sprintf("%s %s: %d output mismatch", phase, n, v.Mismatched))
		}
	}
	return out
}

// opsSummary says how many operations each phase measured: "cold 3000, warm 20000".
func opsSummary(g group) string {
	ops := map[string]map[int]bool{}
	for _, c := range g.Cells {
		if ops[c.Phase] == nil {
			ops[c.Phase] = map[int]bool{}
		}
		for _, n := range c.Ops {
			ops[c.Phase][n] = true
		}
	}
	var parts []string
	for ph, set := range ops {
		ns := slices.Sorted(maps.Keys(set))
		var strs []string
		for _, n := range ns {
			strs = append(strs, strconv.Itoa(n))
		}
		parts = append(parts, ph+" "+strings.Join(strs, " or "))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}

// writeWhy writes the counters that explain the times, per platform and backend, one row per variant.
func writeWhy(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Why: page faults, native calls, Go allocations, idle memory\n\n")
	fmt.Fprintf(w, "Medians per operation over the usable samples (page faults with their %s interval); idle "+
		"retained is what idle pooled states hold at the end of the measured region; peak RSS is the process's peak resident set (working set on Windows); split head says whether the "+
		"hash table had its own block (splitalloc splits on Win64 only, unless the plan forces it).\n\n", confidencePct(m.Analysis.Confidence))
	for _, p := range m.Platforms() {
		for _, g := range m.Groups(p) {
			fmt.Fprintf(w, "### %s, backend %s\n\n", p, g.Backend)
			var rows [][]string
			for _, c := range g.Cells {
				for _, v := range c.Variants {
					med := func(mt stats.Metric) string {
						e := v.Metrics[mt.Name]
						if e.Empty() {
							return "-"
						}
						return num(e.Center)
					}
					bytesMed := func(mt stats.Metric) string {
						if e := v.Metrics[mt.Name]; !e.Empty() {
							return bytesNum(e.Center)
						}
						return "-"
					}
					rows = append(rows, []string{c.Workload, strconv.Itoa(c.DOP), c.Phase, v.Name,
						fmt.Sprintf("%d of %d", v.Used, v.Samples), estimateCell(v.Metrics[stats.Faults.Name]),
						med(stats.NativeAllocs), med(stats.NativeFrees), med(stats.NativeResets),
						med(stats.GoBytes), med(stats.GoAllocs), bytesMed(stats.IdleBytes), bytesMed(stats.PeakRSS), splitCell(v.Metrics[stats.Split.Name]), integrityCell(v.Integrity)})
				}
			}
			mdTable(w, []string{"Workload", "DOP", "Phase", "Variant", "Usable", "Faults/op", "Native allocs/op",
				"Native frees/op", "Resets/op", "Go B/op", "Go allocs/op", "Idle retained", "Peak RSS", "Split head", "Failed / mismatched"}, rows)
		}
	}
}

// splitCell says whether the split-head layout was active in every, no, or some usable sample.
func splitCell(e stats.Estimate) string {
	switch {
	case e.Empty():
		return "-"
	case e.Values[0] == 1:
		return "yes"
	case e.Values[e.N-1] == 0:
		return "no"
	}
	return "in some samples"
}

func integrityCell(in stats.Integrity) string {
	if in.Failed == 0 && in.Mismatched == 0 {
		return "0 / 0"
	}
	return fmt.Sprintf("**%d / %d**", in.Failed, in.Mismatched)
}

// writePairs writes the paired rounds: per cell and candidate the per-round ratios, their median and
// interval, folded per platform.
func writePairs(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Paired rounds\n\n")
	fmt.Fprintf(w, "In each round every variant of a cell ran once, in an order rotated from round to round. A "+
		"pair is a round's candidate and control samples; its ratio is candidate/control elapsed time "+
		"(below 1: the candidate was faster). `*` marks rounds in which the candidate ran first. The U test "+
		"column is benchmath's Mann-Whitney U test of the two sets of samples, unpaired, as benchstat prints it; "+
		"\"disagrees\" marks a cell where it and the paired interval reach different conclusions (drift between "+
		"rounds that pairing removes, usually).\n\n")
	for _, p := range m.Platforms() {
		fmt.Fprintf(w, "<details><summary>%s</summary>\n\n", p)
		var rows [][]string
		for _, g := range m.Groups(p) {
			for _, cand := range g.Candidates(m.Analysis.Control) {
				for _, c := range g.Cells {
					d := c.Delta(cand, stats.Elapsed.Name)
					if d == nil {
						continue
					}
					var rs []string
					first := 0
					for _, pr := range d.Pairs {
						mark := ""
						if pr.CandidateFirst {
							mark, first = "*", first+1
						}
						rs = append(rs, fmt.Sprintf("%s%s", ratioNum(pr.Ratio), mark))
					}
					med := "no pairs"
					switch {
					case d.Ratio.Thin() && !d.Ratio.Empty():
						med = ratioNum(d.Ratio.Center) + " (no CI)"
					case !d.Ratio.Empty():
						med = fmt.Sprintf("%s [%s, %s]", ratioNum(d.Ratio.Center), ratioNum(d.Ratio.Lo), ratioNum(d.Ratio.Hi))
					}
					utest := d.Test.String()
					if d.Paired() && d.USignificant() != d.PairedSignificant() {
						utest += " (disagrees)"
					}
					rows = append(rows, []string{cand, g.Backend, c.Workload, strconv.Itoa(c.DOP), c.Phase,
						strings.Join(rs, " "), med, utest, fmt.Sprintf("%d of %d", first, len(d.Pairs)), strconv.Itoa(d.Unpaired)})
				}
			}
		}
		mdTable(w, []string{"Candidate", "Backend", "Workload", "DOP", "Phase", "Per-round ratios",
			"Median [interval]", "U test (unpaired)", "Candidate first", "Unpaired rounds"}, rows)
		fmt.Fprintf(w, "</details>\n\n")
	}
}

func ratioNum(r float64) string {
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return num(r)
	}
	return strconv.FormatFloat(r, 'f', 3, 64)
}

// writeCharts links the SVG charts.
func writeCharts(w io.Writer, charts []chart) {
	fmt.Fprintf(w, "## Charts\n\n")
	for _, c := range charts {
		fmt.Fprintf(w, "**%s.** %s\n\n![%s](%s)\n\n", c.Title, c.Caption, c.Title, c.File)
	}
}

// writeEnvironment writes the machines, the method in brief, the command and the raw files.
func writeEnvironment(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Environment, method and raw data\n\n")
	var rows [][]string
	for _, p := range m.Platforms() {
		for _, e := range m.Envs[p] {
			rows = append(rows, []string{p, e.CPU, strconv.Itoa(e.NumCPU), strconv.Itoa(e.GOMAXPROCS), e.OS, e.GoVersion, e.Commit, e.Runner})
		}
		if len(m.Envs[p]) == 0 {
			rows = append(rows, []string{p, "no successful sample", "", "", "", "", "", ""})
		}
	}
	mdTable(w, []string{"Platform", "CPU", "Cores", "GOMAXPROCS", "OS", "Go", "Commit", "Runner / machine"}, rows)
	fmt.Fprintf(w, "**Method in brief.** A cell is (platform, workload, DOP, phase, backend). Each round runs every "+
		"variant of a cell once, each in a fresh host process, in an order rotated from round to round; the "+
		"candidate's and control's samples of one round form a pair. Cold measures the first operations of a "+
		"fresh process, warm the operations after a warm-up. Medians and their intervals (of times and of per-pair "+
		"ratios) and the Mann-Whitney U test are golang.org/x/perf/benchmath's, as benchstat computes them; a "+
		"difference is significant when its paired interval excludes no change (the U test decides when there "+
		"are too few pairs for an interval). Every sample's output bytes and digest must "+
		"match the cell's reference. Details and limits: [docs/METHOD.md](%s).\n\n", methodLink)
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
		fmt.Fprintf(w, "\n`raw/%s`: run `%s`, profile %s, status %s, %d of %d planned samples recorded (%d failed), started %s",
			src.Group, mf.Run, mf.Profile, mf.Status, mf.Samples, mf.Planned, mf.Failed, mf.Start.UTC().Format(time.RFC3339))
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

// methodLink is docs/METHOD.md relative to reports/<run>/README.md.
const methodLink = "../../docs/METHOD.md"
