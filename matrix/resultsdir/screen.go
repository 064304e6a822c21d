package resultsdir

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
)

// Kinds of Finding: why a line of a results file is left out of counting and analysis.
const (
	Unreadable = "unreadable" // a line that does not parse: torn by a stopped run, or garbage
	Duplicate  = "duplicate"  // a second line for one run, cell, round, variant and attempt
	Unplanned  = "unplanned"  // a cell, round, variant or position that the run's plan does not have
	Foreign    = "foreign"    // a sample of another run inside this run's file
	Superseded = "superseded" // an attempt that a later one (-retry-failed) replaced; it stays on disk
)

// Finding is one line of a results file that is left out, and why. Nothing is left out silently: the
// runner's summary and the report's data-quality line name every finding.
type Finding struct {
	Where  string // path:line, or the sample's run when its line is not known
	Kind   string // Unreadable, Duplicate, Unplanned, Foreign or Superseded
	Detail string
}

func (f Finding) String() string { return f.Where + ": " + f.Kind + ": " + f.Detail }

// sampleID is a sample's place in its run; two lines with one sampleID and one Attempt are duplicates.
type sampleID struct {
	Run     string
	Cell    matrix.Cell
	Round   int
	Variant string
}

// Screen checks the samples of one results file, in file order, and returns those that are counted and
// analysed, in the same order, with a Finding for each of the others. lines[i] is the line sample i was
// read from (nil or 0: unknown); path names the file in findings.
//
// With a plan (the run's run.json), a sample must belong to one of runs (when runs is not empty: the
// run's id, or a merged folder's runs, Manifest.RunIDs) and to a cell,
// round, variant and position of the plan: round r of a cell runs its variants in RoundOrder, so a
// sample renamed to another variant sits at a position that is not that variant's. Without a plan
// (a results file with no run.json), only duplicates and retries are checked.
//
// Of the lines that share a run, cell, round and variant, the highest Attempt is kept and the earlier
// ones are Superseded; of lines with the same Attempt too, the first is kept and the later ones are
// Duplicates.
func Screen(plan *matrix.Plan, runs []string, path string, samples []matrix.Sample, lines []int) (kept []matrix.Sample, findings []Finding) {
	where := func(i int) string {
		if i < len(lines) && lines[i] > 0 {
			return fmt.Sprintf("%s:%d", path, lines[i])
		}
		if path == "" {
			return "run " + samples[i].Run
		}
		return fmt.Sprintf("%s: run %s", path, samples[i].Run)
	}
	describe := func(s matrix.Sample) string {
		return fmt.Sprintf("%s round=%d variant=%s attempt=%d", s.Cell, s.Round, s.Variant, s.Attempt)
	}
	var cells map[matrix.Cell]int
	if plan != nil {
		cells = map[matrix.Cell]int{}
		for i, c := range plan.Cells() {
			cells[c] = i
		}
	}
	type attempt struct {
		index int // in samples
		n     int
	}
	latest := map[sampleID]attempt{}
	seen := map[sampleID]map[int]bool{}
	drop := make([]bool, len(samples))
	for i, s := range samples {
		if plan != nil {
			if why := outsidePlan(*plan, cells, runs, s); why != "" {
				kind := Unplanned
				if len(runs) > 0 && !slices.Contains(runs, s.Run) {
					kind = Foreign
				}
				findings = append(findings, Finding{where(i), kind, describe(s) + ": " + why})
				drop[i] = true
				continue
			}
		}
		id := sampleID{s.Run, s.Cell, s.Round, s.Variant}
		if seen[id] == nil {
			seen[id] = map[int]bool{}
		}
		if seen[id][s.Attempt] {
			findings = append(findings, Finding{where(i), Duplicate, describe(s) + ": recorded before; the first line counts"})
			drop[i] = true
			continue
		}
		seen[id][s.Attempt] = true
		prev, ok := latest[id]
		if !ok || s.Attempt > prev.n {
			latest[id] = attempt{i, s.Attempt}
		}
	}
	for i, s := range samples {
		if drop[i] {
			continue
		}
		if a := latest[sampleID{s.Run, s.Cell, s.Round, s.Variant}]; a.index != i {
			state := "failed"
			if s.OK {
				state = "ok"
			}
			findings = append(findings, Finding{where(i), Superseded, fmt.Sprintf("%s (%s): retried as attempt %d, which counts", describe(s), state, a.n)})
			continue
		}
		kept = append(kept, s)
	}
	return kept, findings
}

// outsidePlan says why s is not a sample of plan and runs, or "" when it is one.
func outsidePlan(plan matrix.Plan, cells map[matrix.Cell]int, runs []string, s matrix.Sample) string {
	ci, ok := cells[s.Cell]
	switch {
	case len(runs) == 1 && s.Run != runs[0]:
		return fmt.Sprintf("belongs to run %q, not this file's run %q", s.Run, runs[0])
	case len(runs) > 1 && !slices.Contains(runs, s.Run):
		return fmt.Sprintf("belongs to run %q, none of this merged file's runs %q", s.Run, runs)
	case !slices.Contains(plan.Variants, s.Variant):
		return fmt.Sprintf("variant %q is not in the plan's %v", s.Variant, plan.Variants)
	case !ok:
		return "the cell is not in the plan"
	case s.Round < 0 || s.Round >= plan.RoundCap():
		return fmt.Sprintf("round %d is outside the plan's 0..%d", s.Round, plan.RoundCap()-1)
	case s.Attempt < 0:
		return fmt.Sprintf("attempt %d is negative", s.Attempt)
	case s.Result != nil && matrix.ZlibNGOf(s.Result.ZlibNG) != plan.Generation():
		return fmt.Sprintf("ran zlib-ng %s, but the run's plan is zlib-ng %s (a run holds one generation)", matrix.ZlibNGOf(s.Result.ZlibNG), plan.Generation())
	}
	order := plan.RoundOrder(ci, s.Round)
	if s.Position < 0 || s.Position >= len(order) || order[s.Position] != s.Variant {
		return fmt.Sprintf("position %d of that round runs %v, not %s (the plan's order %v)", s.Position, at(order, s.Position), s.Variant, order)
	}
	return ""
}

func at(order []string, i int) string {
	if i < 0 || i >= len(order) {
		return "no variant"
	}
	return order[i]
}

// CountFindings groups findings by kind, in a fixed order: "2 duplicate, 1 unreadable".
func CountFindings(fs []Finding) string {
	out := ""
	for _, k := range []string{Unreadable, Duplicate, Unplanned, Foreign, Superseded} {
		n := 0
		for _, f := range fs {
			if f.Kind == k {
				n++
			}
		}
		if n > 0 {
			if out != "" {
				out += ", "
			}
			out += fmt.Sprintf("%d %s", n, k)
		}
	}
	return out
}

// ReadRun reads the samples of the run in dir (its samples.jsonl, described by m, its run.json) and
// screens them against m's plan and run: the samples that count, and a finding for every line that
// does not (unreadable lines first). Only failing to read the file is an error.
func ReadRun(dir string, m matrix.Manifest) ([]matrix.Sample, []Finding, error) {
	f, err := ReadResultsFile(filepath.Join(dir, SamplesFile))
	if err != nil {
		return nil, nil, err
	}
	kept, findings := Screen(&m.Plan, m.RunIDs(), f.Path, f.Samples, f.Lines)
	return kept, append(slices.Clone(f.Bad), findings...), nil
}

// Lines is "1 line" or "n lines".
func Lines(n int) string {
	if n == 1 {
		return "1 line"
	}
	return fmt.Sprintf("%d lines", n)
}

// CountKept counts screened samples for run.json: recorded (one per planned sample at most), failed
// among them, and superseded attempts.
func CountKept(kept []matrix.Sample, findings []Finding) (samples, failed, superseded int) {
	for _, s := range kept {
		if !s.OK {
			failed++
		}
	}
	for _, f := range findings {
		if f.Kind == Superseded {
			superseded++
		}
	}
	return len(kept), failed, superseded
}
