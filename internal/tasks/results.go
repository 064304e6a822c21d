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
// path of the report's README.md.
func Report(ctx context.Context, s Streams, o Options, report Main) (string, error) {
	dirs, note, err := ReportDirs(o)
	if err != nil {
		return "", err
	}
	if note != "" {
		fmt.Fprintln(s.Stderr, note)
	}
	return renderReport(ctx, s, dirs, report, "-out", o.ReportsDir())
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
			var t *matrix.TornLineError
			if _, rerr := matrix.ReadSamples(f); errors.As(rerr, &t) {
				fmt.Fprintf(s.Stderr, "report: WARNING: %v\n", t)
			}
		}
	}
}

// renderReport calls report.Main on dirs (naming torn ones, see warnTorn), with any extra flags,
// and returns the path it prints (its last line of output), after checking that the file is there.
func renderReport(ctx context.Context, s Streams, dirs []string, report Main, extra ...string) (string, error) {
	warnTorn(s, dirs)
	args := append(ReportArgs(dirs), extra...)
	if !s.Quiet {
		fmt.Fprintf(s.Stderr, "report: lab report %s\n", strings.Join(args, " "))
	}
	var out bytes.Buffer
	if err := report(ctx, args, &out, s.Stderr); err != nil {
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
