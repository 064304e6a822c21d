package tasks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// ResultsDirs lists, sorted, every directory under root (root included) that holds a results file
// (*.jsonl). Artifacts downloaded from GitHub nest one directory per platform, hence the walk.
func ResultsDirs(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".jsonl") && !slices.Contains(dirs, filepath.Dir(path)) {
			dirs = append(dirs, filepath.Dir(path))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("report: %s=%q: %w", EnvResults, root, err)
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("report: no results files (*.jsonl) under %s=%q; run \"go tool mage bench\" first", EnvResults, root)
	}
	slices.Sort(dirs)
	return dirs, nil
}

// Run is one run under a results root: a directory directly under it that holds results, with the
// results directories inside it (one for a local bench, one per platform for a GitHub download).
type Run struct {
	Dir     string
	Results []string  // its results directories, sorted
	Written time.Time // the newest modification of its results files: when it was last written to
}

// Runs lists the runs directly under root, oldest first. A root that holds results files itself is
// one run.
func Runs(root string) ([]Run, error) {
	all, err := ResultsDirs(root)
	if err != nil {
		return nil, err
	}
	byDir := map[string]*Run{}
	var runs []*Run
	for _, d := range all {
		top := root
		if rel, err := filepath.Rel(root, d); err == nil && rel != "." {
			top = filepath.Join(root, strings.Split(filepath.ToSlash(rel), "/")[0])
		}
		r := byDir[top]
		if r == nil {
			r = &Run{Dir: top}
			byDir[top] = r
			runs = append(runs, r)
		}
		r.Results = append(r.Results, d)
		files, _ := filepath.Glob(filepath.Join(d, "*.jsonl"))
		for _, f := range files {
			if fi, err := os.Stat(f); err == nil && fi.ModTime().After(r.Written) {
				r.Written = fi.ModTime()
			}
		}
	}
	out := make([]Run, len(runs))
	for i, r := range runs {
		out[i] = *r
	}
	slices.SortStableFunc(out, func(a, b Run) int {
		if c := a.Written.Compare(b.Written); c != 0 {
			return c
		}
		return strings.Compare(a.Dir, b.Dir)
	})
	return out, nil
}

// ReportDirs are the results directories the report target reads: with o.ReportIn, every results
// directory under each path it names; without, the newest run under o.Results, so that an old or
// broken run never changes or fails today's report. The note says which was chosen and how to choose
// others.
func ReportDirs(o Options) (dirs []string, note string, err error) {
	if o.ReportIn != nil {
		for _, p := range o.ReportIn {
			d, err := ResultsDirs(p)
			if err != nil {
				return nil, "", err
			}
			dirs = append(dirs, d...)
		}
		return dirs, "", nil
	}
	runs, err := Runs(o.Results)
	if err != nil {
		return nil, "", err
	}
	newest := runs[len(runs)-1]
	note = fmt.Sprintf("report: reading the newest run, %s", newest.Dir)
	if n := len(runs) - 1; n > 0 {
		note += fmt.Sprintf(" (%d older under %s: %s=%s reads them all, %s=<dir>,<dir> the ones you name)", n, o.Results, EnvResults, o.Results, EnvResults)
	}
	return newest.Results, note, nil
}

// Report renders one report from the results the options choose (see ReportDirs) and returns the
// path of the report's README.md. Replicas of one platform (runs whose run.json says replica I of K)
// are merged first (lab merge, through merge), next to the results: the report reads each platform as
// one folder whose runs are its runner instances. With o.Platforms (the workflow's plan), a planned
// platform without results is named at the top of the report and of the step summary, and fails the
// target after the report is written (a warning with o.MissingWarn). On GitHub (o.StepSummary), the
// summary opens with what the run was: profile, adaptive rounds, replicas, zlib-ng generation, the
// planned platforms and what came back of each, and a link to the run's page.
func Report(ctx context.Context, s Streams, o Options, render ReportFunc, merge MergeFunc) (string, error) {
	dirs, note, err := ReportDirs(o)
	if err != nil {
		return "", err
	}
	if note != "" {
		fmt.Fprintln(s.Stderr, note)
	}
	root := o.Results
	if len(o.ReportIn) > 0 {
		root = o.ReportIn[0]
	}
	legs := legsByPlatform(dirs)
	merged := filepath.Clean(root) + "-merged-" + time.Now().UTC().Format("20060102T150405Z")
	dirs, mergeErr := mergeReplicas(ctx, s, dirs, merged, merge)
	missing := slices.DeleteFunc(slices.Clone(o.Platforms), func(p string) bool { return legs[p] > 0 })
	if o.StepSummary != "" {
		if err := appendFile(o.StepSummary, o.summaryHead(legs, missing)); err != nil {
			return "", fmt.Errorf("report: step summary: %w", err)
		}
	}
	path, err := renderReport(ctx, s, report.Options{In: dirs, Out: o.ReportsDir(), Planned: o.Platforms, StepSummary: o.StepSummary, Force: o.Force}, render)
	if err != nil {
		if o.StepSummary != "" { // the summary's head promised a report artifact
			err = errors.Join(err, appendFile(o.StepSummary, fmt.Sprintf("**No report was rendered:** %v\n\n", err)))
		}
		return "", errors.Join(err, mergeErr)
	}
	if len(missing) > 0 {
		msg := fmt.Sprintf("no results from %s, planned in %s", strings.Join(missing, ", "), EnvPlatforms)
		if o.MissingWarn {
			o.warn(s.Stderr, "missing platforms", msg+" (the report covers the others)")
		} else {
			mergeErr = errors.Join(mergeErr, fmt.Errorf("report: %s; the report of the others is %s (%s=warn to only warn)", msg, path, EnvMissing))
		}
	}
	return path, mergeErr
}

// legsByPlatform counts the run folders (one per leg or local run) of each platform among dirs, from
// their run.json; a folder whose run.json cannot be read counts for no platform.
func legsByPlatform(dirs []string) map[string]int {
	n := map[string]int{}
	for _, d := range dirs {
		if m, err := resultsdir.ReadManifest(d); err == nil && m.Plan.Platform != "" {
			n[m.Plan.Platform]++
		}
	}
	return n
}

// summaryHead is the step summary's opening: what the workflow ran, what came back, where to look.
// Every link in it resolves on the run's page: the run itself (its artifacts are listed there).
func (o Options) summaryHead(legs map[string]int, missing []string) string {
	var b strings.Builder
	adaptive := "fixed rounds (the profile's)"
	if o.Adaptive != nil && *o.Adaptive {
		adaptive = "adaptive rounds"
	} else if o.Adaptive != nil {
		adaptive = "fixed rounds"
	}
	gen := string(o.ZlibNG)
	if gen == "" {
		gen = string(matrix.DefaultZlibNG) + " (the profile's)"
	}
	replicas := o.Replicas
	if replicas == 0 {
		replicas = 1
	}
	fmt.Fprintf(&b, "## deflatelab matrix: profile %s, %s, %d replica(s) per platform, zlib-ng %s\n\n", o.Profile, adaptive, replicas, gen)
	var ps []string
	for _, p := range o.planned() {
		switch n := legs[p]; {
		case slices.Contains(missing, p):
			ps = append(ps, "**"+p+": no results**")
		case o.Platforms == nil && n == 0:
		default:
			ps = append(ps, fmt.Sprintf("%s (%d of %d replicas)", p, n, replicas))
		}
	}
	fmt.Fprintf(&b, "**Platforms:** %s.", strings.Join(ps, ", "))
	if len(missing) > 0 {
		fmt.Fprintf(&b, " **Missing: %s** - every verdict below is for the others only.", strings.Join(missing, ", "))
	}
	b.WriteString("\n\n")
	if o.RunURL != "" {
		fmt.Fprintf(&b, "The full report (every page, charts and raw samples) is this [run](%s)'s `report` artifact.\n\n", o.RunURL)
	}
	return b.String()
}

// appendFile appends text to the file at path.
func appendFile(path, text string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// ReportsDir is the reports directory the report, matrix and remote targets write to: EnvReports, or
// LocalReports.
func (o Options) ReportsDir() string {
	if o.Reports == "" {
		return LocalReports
	}
	return o.Reports
}

// warnTorn names each results file with a torn last line (a run killed or stopped by a full disk while
// writing a sample), with the command that continues the run (which cuts the torn line away). The
// report itself names and skips any line that does not parse and renders everything else, so a torn run
// is still reported, alone or beside others: the warning only says how to complete it.
func warnTorn(s Streams, dirs []string) {
	for _, d := range dirs {
		files, _ := filepath.Glob(filepath.Join(d, "*.jsonl"))
		for _, f := range files {
			var t *resultsdir.TornLineError
			if _, rerr := resultsdir.ReadSamples(f); errors.As(rerr, &t) {
				fmt.Fprintf(s.Stderr, "report: WARNING: %v\n", t)
			}
		}
	}
}

// renderReport calls render (report.Run) with o (naming torn inputs, see warnTorn) and returns the
// path it prints (its last line of output), after checking that the file is there.
func renderReport(ctx context.Context, s Streams, o report.Options, render ReportFunc) (string, error) {
	warnTorn(s, o.In)
	if !s.Quiet {
		fmt.Fprintf(s.Stderr, "report: rendering %s into %s\n", strings.Join(o.In, ", "), o.Out)
	}
	var out bytes.Buffer
	if err := render(ctx, o, &out); err != nil {
		var exists *report.ExistsError
		if errors.As(err, &exists) { // the variable, not lab report's flag
			return "", fmt.Errorf("report: %s holds a report already; set %s=1 to replace it, or remove it", exists.Dir, EnvForce)
		}
		return "", prefixed("report", err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	path := strings.TrimSpace(lines[len(lines)-1])
	if _, err := os.Stat(path); path == "" || err != nil {
		return "", fmt.Errorf("report: lab report succeeded but printed no report path that exists (output %q)", out.String())
	}
	return path, nil
}

// prefixed returns err with "name: " in front, unless its text already starts so (the lab's entry
// points name themselves), so that no message reads "report: report: ...".
func prefixed(name string, err error) error {
	if strings.HasPrefix(err.Error(), name+": ") {
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}
