package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// Options say what to render and where.
type Options struct {
	In    []string  // results files (.jsonl) or directories holding them; one per platform or machine
	Out   string    // reports directory; the report goes to Out/Name, the index to Out/README.md
	Name  string    // run folder name; empty: the results' run id, or the date when there are several
	Title string    // first heading; empty: derived from the runs (derivedTitle)
	Date  time.Time // when the results were taken; zero: from the run id, else the newest input file

	// StepSummary, when set, is a file (GitHub's $GITHUB_STEP_SUMMARY) to which the report's first
	// screen (the sections marked inSummary, layout.go) is appended, without links into the report folder (they cannot resolve
	// on the run's page).
	StepSummary string
	// Planned are the platforms (goos/goarch) the run was to measure; those without a sample are named at
	// the top of the first page and the step summary (missing.go).
	Planned []string
	// Force replaces a report folder that exists already (lab report -force); without it Render refuses.
	Force bool
}

// Defaults for Options.
const (
	DefaultOut   = "reports-local"
	DefaultTitle = "Cold and warm cost of the deflatelab candidates"
)

// Files the report folder holds besides its SVG charts and linked pages (layout.go).
const (
	readmeFile = "README.md"
	entryFile  = "report.json" // the index line's data, read back when the index is refreshed
	rawDir     = "raw"
)

// Render reads the results, writes Out/Name/README.md and its linked pages with their charts and raw files, refreshes the index
// Out/README.md, and returns the report's path. The folder is built aside and renamed into place, so a
// failed render leaves the previous report (if any) intact. It is analyse, then write: every figure a
// page shows is computed once, into the model, before any page is laid out.
func Render(opts Options) (string, error) {
	m, err := analyse(opts)
	if err != nil {
		return "", err
	}
	return write(m, opts)
}

// analyse reads opts.In and computes everything the report shows into one model: the analysis and its
// runs, the cold-start, lifetime and capacity views, the label-swap calibration, the validity checks and
// the decision table. Nothing is written.
func analyse(opts Options) (*model, error) {
	in, err := load(opts.In)
	if err != nil {
		return nil, err
	}
	gen, err := runGeneration(in)
	if err != nil {
		return nil, err
	}
	// Emulated samples, and their runs' manifests, are split out before anything is computed: every
	// section sees the measured ones only, and writeEmulated lists the others.
	emu := splitInputs(in)
	a, err := stats.Analyze(in.Samples, stats.Options{EquivMargin: planMargin(in)})
	if err != nil {
		return nil, err
	}
	var manifests []*matrix.Manifest
	for _, src := range in.Sources {
		manifests = append(manifests, src.Manifest)
	}
	a.ApplyRuns(manifests)
	m := newModel(in.Samples, a)
	m.Emulated = emu
	m.ZlibNG = gen
	m.Raw, m.Sources, m.Findings, m.Notes, m.Unchecked = in.Raw, in.Sources, in.Findings, in.Notes, in.Unchecked
	m.MixedBuilds, m.Spread = matrix.MixedBuilds(in.Samples), matrix.Spread(in.Samples)
	m.AALayouts = aaLayouts(in.Samples)
	m.Variance, m.Pairings = a.VarianceComponents(), cellPairings(in.Samples)
	m.Missing = missingPlatforms(opts.Planned, m.Samples)
	m.Service, m.ServiceHeaps = newServiceLines(in.Samples), a.ServiceHeaps(stats.Elapsed, workloadTwin)
	if err := fill(m, opts, in); err != nil {
		return nil, err
	}
	if m.Cold, err = newColdStart(in, a); err != nil {
		return nil, err
	}
	if m.Life, err = newLifeView(a); err != nil {
		return nil, err
	}
	if m.Calibration, err = calibrate(in, manifests); err != nil {
		return nil, err
	}
	v := a.Validity(m.Life.cells, manifests, m.Calibration)
	m.Validity = &v
	m.Decision = newDecisionTable(m)
	return m, nil
}

// drawCharts sets m.Charts to the charts its pages show: none for emulated runs alone, which have no
// measured sample to chart.
func drawCharts(m *model) error {
	m.Charts = nil
	if len(m.Samples) == 0 {
		return nil
	}
	cs, err := charts(m)
	m.Charts = cs
	return err
}

// write lays m out - its charts, its pages (pageLayout), cells.json and the index line - into
// opts.Out/m.Name beside its raw files, refreshes the index and appends the step summary. It computes
// no figure: every one comes from m.
func write(m *model, opts Options) (string, error) {
	if err := drawCharts(m); err != nil {
		return "", err
	}
	pages := renderPages(m, pageLayout(m))

	out := opts.Out
	if out == "" {
		out = DefaultOut
	}
	files := pages
	for _, c := range m.Charts {
		files[c.File] = c.SVG
	}
	for _, r := range m.Raw {
		files[filepath.Join(rawDir, filepath.FromSlash(r.Name))] = r.Data
	}
	e := newEntry(m)
	e.Platforms = append(e.Platforms, emulatedPlatforms(m.Emulated)...)
	ent, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return "", err
	}
	files[entryFile] = append(ent, '\n')
	var cells bytes.Buffer
	a := m.Analysis
	records := a.CellRecords()
	records.Lifetime = stats.LifetimeRecords(m.Life.cells, a.Control)
	records.ZlibNG, records.ZlibNGDescription = m.ZlibNG, m.ZlibNG.Words()
	records.Variance = stats.VarianceRecords(m.Variance)
	if err := stats.WriteCells(&cells, records); err != nil {
		return "", err
	}
	files[stats.CellsFile] = cells.Bytes()
	dir := filepath.Join(out, m.Name)
	if _, err := os.Stat(dir); err == nil && !opts.Force {
		return "", &ExistsError{Dir: dir}
	}
	if err := replaceDir(dir, files); err != nil {
		return "", err
	}
	if err := writeIndex(out); err != nil {
		return "", err
	}
	if opts.StepSummary != "" {
		if err := appendSummary(opts.StepSummary, m); err != nil {
			return "", err
		}
	}
	return filepath.Join(dir, readmeFile), nil
}

// ExistsError is a report refused because its folder exists and Options.Force is not set: lab report
// says -force, the report target DEFLATELAB_FORCE.
type ExistsError struct{ Dir string }

func (e *ExistsError) Error() string {
	return fmt.Sprintf("report: %s holds a report already; give -force to replace it, or -name <folder> to write another next to it", e.Dir)
}

// fill sets the model's title, name, date and reproducing command from opts and the inputs.
func fill(m *model, opts Options, in *inputs) error {
	m.Title = opts.Title
	if m.Title == "" {
		m.Title = derivedTitle(m, in)
	}
	m.Date = opts.Date
	for _, src := range in.Sources { // the latest start of the runs
		if src.Manifest != nil && src.Manifest.Start.After(m.Date) {
			m.Date = src.Manifest.Start
		}
	}
	if m.Date.IsZero() && len(m.Runs) == 1 {
		m.Date, _ = runDate(m.Runs[0])
	}
	if m.Date.IsZero() {
		for _, r := range in.Raw {
			if fi, err := os.Stat(r.Path); err == nil && fi.ModTime().After(m.Date) {
				m.Date = fi.ModTime()
			}
		}
	}
	m.Date = m.Date.UTC().Truncate(time.Second)
	m.Name = opts.Name
	if m.Name == "" {
		m.Name = m.Date.Format("20060102-150405")
		if len(m.Runs) == 1 && m.Runs[0] != "" {
			m.Name = slug(m.Runs[0])
		}
	}
	if m.Name != slug(m.Name) || strings.HasPrefix(m.Name, ".") || m.Name == "" {
		return fmt.Errorf("report: -name %q: want letters, digits, '-', '_' or '.', not starting with '.'", m.Name)
	}
	out := opts.Out
	if out == "" {
		out = DefaultOut
	}
	m.Out = filepath.ToSlash(out)
	var dirs []string
	for _, src := range in.Sources {
		dir := filepath.ToSlash(filepath.Join(out, m.Name, rawDir, src.Group))
		if !slices.Contains(dirs, dir) { // a merged folder's runs share their raw folder
			dirs = append(dirs, dir)
		}
	}
	m.RawRoot = filepath.ToSlash(filepath.Join(out, m.Name, rawDir))
	m.MethodLink = docsLink(filepath.Join(out, m.Name), "docs/METHOD.md")
	m.Command = fmt.Sprintf("go run ./cmd/lab report -force -in %s -out %s -name %s -title %s -date %s",
		shellQuote(strings.Join(dirs, ",")), shellQuote(filepath.ToSlash(out)),
		shellQuote(m.Name), shellQuote(m.Title), m.Date.Format(time.RFC3339))
	return nil
}

// runDate reads a timestamp at the start of a run id, in any of the usual compact forms.
func runDate(id string) (time.Time, bool) {
	for _, layout := range []string{"20060102T150405Z", "2006-01-02T15-04-05Z", "2006-01-02T15:04:05Z", "20060102-150405", "2006-01-02"} {
		if len(id) >= len(layout) {
			if t, err := time.Parse(layout, id[:len(layout)]); err == nil {
				return t, true
			}
		}
	}
	return time.Time{}, false
}

// shellJoin quotes each argument for a POSIX shell and joins them.
func shellJoin(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellQuote(a)
	}
	return strings.Join(q, " ")
}

// shellQuote quotes s for a POSIX shell when it holds anything but safe characters.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// replaceDir writes files (relative paths) into a fresh folder beside dir, then swaps it into place.
func replaceDir(dir string, files map[string][]byte) error {
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	for name, data := range files {
		p := filepath.Join(tmp, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("report: %w", err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	old := tmp + ".old"
	if _, err := os.Stat(dir); err == nil {
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(old, dir) // put the previous report back
		return fmt.Errorf("report: %w", err)
	}
	return os.RemoveAll(old)
}

// writeFileAtomic writes data to path through a temporary file in the same folder.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("report: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// derivedTitle names what the page measured - the runs' profiles, the platforms and the backends - so
// that the first line a reader sees says how much to trust it; DefaultTitle when the runs do not say.
func derivedTitle(m *model, in *inputs) string {
	var profiles []string
	for _, src := range in.Sources {
		if mf := src.Manifest; mf != nil && mf.Profile != "" && !slices.Contains(profiles, mf.Profile) {
			profiles = append(profiles, mf.Profile)
		}
	}
	var backends []string
	for _, c := range m.Analysis.Cells {
		if !slices.Contains(backends, c.Backend) {
			backends = append(backends, c.Backend)
		}
	}
	platforms := m.Platforms()
	if len(profiles) == 0 || len(platforms) == 0 {
		return DefaultTitle
	}
	slices.Sort(profiles)
	t := strings.ToUpper(profiles[0][:1]) + strings.Join(profiles, " and ")[1:]
	if len(profiles) > 1 {
		t += " profiles"
	} else {
		t += " profile"
	}
	t += " on " + strings.Join(platforms, ", ")
	if len(backends) == 1 {
		return t + ", backend " + backends[0]
	}
	return t + ", backends " + strings.Join(backends, ", ")
}

// planMargin is the equivalence margin the runs' plans set (Plan.EquivMargin, a profile setting), the
// largest when they differ; 0 (stats' default) when none sets one.
func planMargin(in *inputs) float64 {
	var m float64
	for _, src := range in.Sources {
		if src.Manifest != nil {
			m = max(m, src.Manifest.Plan.EquivMargin)
		}
	}
	return m
}
