package report

import (
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// Kinds of input file a report reads and keeps beside itself.
const (
	kindResults  = "results"  // JSONL, one matrix.Sample per line (resultsdir.ReadSamples)
	kindBench    = "bench"    // the Go benchmark format, for benchstat
	kindManifest = "manifest" // the runner's run.json (matrix.Manifest)
	// kindManifestDir is a run.json that is a directory: nothing to read or keep, but the report says
	// that the samples beside it went unchecked.
	kindManifestDir = "manifest-dir"
)

// resultsExt is the extension of results files; benchExts those of Go-benchmark-format files.
const resultsExt = ".jsonl"

var benchExts = []string{".txt", ".bench"}

// rawFile is one input kept beside the report, in raw/<group>/<base name>.
type rawFile struct {
	Path string // where it was read from
	Name string // slash path below raw/
	Kind string
	Data []byte
}

// source is one results directory (or the folder of a results file): one platform or machine, usually.
type source struct {
	Group    string           // its folder name below raw/
	Manifest *matrix.Manifest // its run.json, if any
	// MergedFrom, for a run of a merged folder (lab merge), is that folder: the run itself is resumed in
	// its own, not there.
	MergedFrom string
}

// inputs are the loaded results: every sample of every results file, and the raw files to keep.
type inputs struct {
	Samples []matrix.Sample
	Raw     []rawFile
	Sources []source
	// Findings are the lines left out of Samples (resultsdir.Screen: unreadable, duplicate, outside their
	// run's plan, superseded), named by raw/<group>/<file>:<line>; Notes say what else was not counted
	// (a run given twice).
	Findings []resultsdir.Finding
	Notes    []repeatedRun
	// Unchecked says, for each input whose samples could not be checked against their plan (run.json
	// unreadable, a directory, or its plan not valid), why: the first page says it at the top.
	Unchecked []uncheckedInput
}

// load expands paths (results files, or results directories) and reads them. A directory contributes
// every .jsonl, .txt and .bench file directly in it and its run.json; a results file contributes itself,
// and, beside it, the runner's bench.txt and run.json (when it is samples.jsonl) or a file of the same
// stem ending in .txt or .bench.
func load(paths []string) (*inputs, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("report: no input: give -in with at least one results file (%s) or directory", resultsExt)
	}
	type group struct {
		name  string
		files map[string]string // abs path -> kind
	}
	var groups []*group
	byDir := map[string]*group{}
	taken := map[string]bool{}
	groupOf := func(dir string) *group {
		if g := byDir[dir]; g != nil {
			return g
		}
		g := &group{name: uniqueName(taken, slug(filepath.Base(dir))), files: map[string]string{}}
		byDir[dir] = g
		groups = append(groups, g)
		return g
	}
	exists := func(p string) bool { fi, err := os.Stat(p); return err == nil && !fi.IsDir() }
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, fmt.Errorf("report: -in %q: %w", p, err)
		}
		fi, err := os.Stat(abs)
		if err != nil {
			return nil, fmt.Errorf("report: -in %q: %w", p, err)
		}
		if !fi.IsDir() {
			if filepath.Ext(abs) != resultsExt {
				return nil, fmt.Errorf("report: -in %q: not a results file: want a %s file or a results directory", p, resultsExt)
			}
			dir := filepath.Dir(abs)
			g := groupOf(dir)
			g.files[abs] = kindResults
			stem := strings.TrimSuffix(abs, resultsExt)
			siblings := map[string]string{stem + ".txt": kindBench, stem + ".bench": kindBench}
			if filepath.Base(abs) == resultsdir.SamplesFile {
				siblings[filepath.Join(dir, resultsdir.BenchFile)] = kindBench
				siblings[filepath.Join(dir, resultsdir.ManifestFile)] = kindManifest
				if fi, err := os.Stat(filepath.Join(dir, resultsdir.ManifestFile)); err == nil && fi.IsDir() {
					g.files[filepath.Join(dir, resultsdir.ManifestFile)] = kindManifestDir
				}
			}
			for s, kind := range siblings {
				if exists(s) {
					g.files[s] = kind
				}
			}
			continue
		}
		ents, err := os.ReadDir(abs)
		if err != nil {
			return nil, fmt.Errorf("report: -in %q: %w", p, err)
		}
		g := groupOf(abs)
		results := 0
		for _, e := range ents {
			name := filepath.Join(abs, e.Name())
			switch ext := filepath.Ext(name); {
			case e.IsDir() && e.Name() == resultsdir.ManifestFile:
				g.files[name] = kindManifestDir
			case e.IsDir():
			case ext == resultsExt:
				g.files[name] = kindResults
				results++
			case slices.Contains(benchExts, ext):
				g.files[name] = kindBench
			case e.Name() == resultsdir.ManifestFile:
				g.files[name] = kindManifest
			}
		}
		if results == 0 {
			return nil, fmt.Errorf("report: -in %q: directory holds no %s results file", p, resultsExt)
		}
	}
	in := &inputs{}
	firstGroup := map[string]string{} // run id -> the group that brought it first
	for _, g := range groups {
		read, err := readGroup(in, g.name, g.files)
		if err != nil {
			return nil, err
		}
		for _, part := range read.runs() {
			if first, twice := givenBefore(firstGroup, part.src, part.samples); twice != "" {
				in.Notes = append(in.Notes, repeatedRun{Run: twice, First: first, Again: g.name})
				continue
			}
			for _, s := range part.samples {
				if firstGroup[s.Run] == "" {
					firstGroup[s.Run] = g.name
				}
			}
			if mf := part.src.Manifest; mf != nil && mf.Run != "" && firstGroup[mf.Run] == "" {
				firstGroup[mf.Run] = g.name
			}
			in.Samples, in.Findings = append(in.Samples, part.samples...), append(in.Findings, part.findings...)
			in.Sources = append(in.Sources, part.src)
		}
	}
	// Two inputs that share only some samples of a run: the first copy of each counts.
	var across []resultsdir.Finding
	in.Samples, across = resultsdir.Screen(nil, nil, "", in.Samples, nil)
	in.Findings = append(in.Findings, across...)
	return in, nil
}

// groupRead is one results folder (or a results file's folder) as read: its source, its screened
// samples and the lines left out.
type groupRead struct {
	src      source
	samples  []matrix.Sample
	findings []resultsdir.Finding
}

// readGroup reads the files of one group, adding them to in.Raw. A run.json that cannot be read (garbage,
// or a directory) does not stop the report: the samples are reported alone, unchecked against their
// plan, and in.Unchecked says so (the banner puts it at the top).
func readGroup(in *inputs, name string, files map[string]string) (groupRead, error) {
	g := groupRead{src: source{Group: name}}
	paths := slices.Sorted(maps.Keys(files))
	for _, f := range paths {
		if files[f] != kindManifest {
			continue
		}
		m, err := resultsdir.ReadManifest(filepath.Dir(f))
		if err != nil {
			msg := strings.ReplaceAll(err.Error(), filepath.Dir(f)+string(filepath.Separator), "")
			in.Unchecked = append(in.Unchecked, uncheckedInput{Why: manifestUnreadable, Group: name, Err: msg})
			continue
		}
		g.src.Manifest = &m
	}
	var samplesFile string // the runner's samples.jsonl beside run.json, when the group has both
	for _, f := range paths {
		if files[f] == kindManifestDir {
			in.Unchecked = append(in.Unchecked, uncheckedInput{Why: manifestIsDir, Group: name})
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return g, fmt.Errorf("report: %w", err)
		}
		raw := path.Join(name, filepath.Base(f))
		if files[f] == kindResults {
			ss, fs, planErr, err := screenFile(f, path.Join(rawDir, raw), g.src.Manifest)
			if err != nil {
				return g, err
			}
			if planErr != nil {
				in.Unchecked = append(in.Unchecked, uncheckedInput{Why: planInvalid, Group: name, Err: planErr.Error()})
			}
			if filepath.Base(f) == resultsdir.SamplesFile && g.src.Manifest != nil {
				samplesFile = f
			}
			g.samples, g.findings = append(g.samples, ss...), append(g.findings, fs...)
		}
		in.Raw = append(in.Raw, rawFile{Path: f, Name: raw, Kind: files[f], Data: data})
	}
	if mf := g.src.Manifest; mf != nil && samplesFile != "" {
		resultsdir.Reconcile(mf, filepath.Dir(samplesFile), g.samples, g.findings)
	}
	return g, nil
}

// runs splits a merged folder (lab merge) into its runs, one source each with its own run.json and
// samples, so that it reports exactly as its runs given together would; any other group is one part.
// The group's left-out lines go with its first part.
func (g groupRead) runs() []groupRead {
	mf := g.src.Manifest
	if mf == nil || len(mf.Instances) == 0 {
		return []groupRead{g}
	}
	var parts []groupRead
	for i := range mf.Instances {
		inst := mf.Instances[i]
		part := groupRead{src: source{Group: g.src.Group, Manifest: &inst, MergedFrom: g.src.Group}}
		for _, s := range g.samples {
			if s.Run == inst.Run {
				part.samples = append(part.samples, s)
			}
		}
		superseded := inst.Superseded // the merged file's findings are not split by run
		resultsdir.Reconcile(&inst, "", part.samples, nil)
		inst.Superseded = superseded
		if i == 0 {
			part.findings = g.findings
		}
		parts = append(parts, part)
	}
	// Samples of no instance were named foreign by the screen; none is lost here.
	return parts
}

// screenFile reads one results file and screens it (resultsdir.Screen): against its run's plan when it is
// the runner's samples.jsonl beside a run.json with a valid plan, else for duplicates and retries only;
// planErr says why, when a run.json's plan could not be used. Findings name the file by raw, its
// path inside the report. A file without one readable sample is an error.
func screenFile(f, raw string, mf *matrix.Manifest) (kept []matrix.Sample, findings []resultsdir.Finding, planErr error, err error) {
	rf, err := resultsdir.ReadResultsFile(f)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("report: %w", err)
	}
	if len(rf.Samples) == 0 {
		if len(rf.Bad) > 0 {
			return nil, nil, nil, fmt.Errorf("report: %s: no sample parses: %s", f, rf.Bad[0])
		}
		return nil, nil, nil, fmt.Errorf("report: %s: no samples", f)
	}
	var plan *matrix.Plan
	var runs []string
	if mf != nil && filepath.Base(f) == resultsdir.SamplesFile {
		if planErr = mf.Plan.Validate(); planErr == nil {
			plan, runs = &mf.Plan, mf.RunIDs()
		}
	}
	kept, findings = resultsdir.Screen(plan, runs, raw, rf.Samples, rf.Lines)
	bad := make([]resultsdir.Finding, len(rf.Bad))
	for i, b := range rf.Bad {
		b.Where = raw + strings.TrimPrefix(b.Where, f)
		bad[i] = b
	}
	return kept, append(bad, findings...), planErr, nil
}

// givenBefore says whether a group's run was read already from an earlier group (the same run given
// twice, e.g. a directory and a copy of it): by its run.json's run id, or, without one, when every
// sample's run came first from one earlier group. It returns that group and the run.
func givenBefore(firstGroup map[string]string, src source, samples []matrix.Sample) (group, run string) {
	if mf := src.Manifest; mf != nil && mf.Run != "" {
		if g := firstGroup[mf.Run]; g != "" {
			return g, mf.Run
		}
		return "", ""
	}
	for i, s := range samples {
		g := firstGroup[s.Run]
		if g == "" || (i > 0 && g != group) {
			return "", ""
		}
		group, run = g, s.Run
	}
	return group, run
}

// uniqueName returns base, or base with a numeric suffix if base is taken.
func uniqueName(taken map[string]bool, base string) string {
	name := base
	for i := 2; taken[name]; i++ {
		name = fmt.Sprintf("%s-%d", base, i)
	}
	taken[name] = true
	return name
}

// AnalyzeElapsed loads results as Render does (emulated samples split out) and analyses the primary
// metric only: what the commands that weigh a design against another need (lab plan, lab pairnoise).
// The plan is that of the last input whose run.json was read, nil if none was.
func AnalyzeElapsed(paths []string) (*stats.Analysis, *matrix.Plan, error) {
	in, err := load(paths)
	if err != nil {
		return nil, nil, err
	}
	splitInputs(in)
	var pl *matrix.Plan
	for _, src := range in.Sources {
		if src.Manifest != nil {
			pl = &src.Manifest.Plan
		}
	}
	a, err := stats.Analyze(in.Samples, stats.Options{Metrics: []stats.Metric{stats.Elapsed}})
	return a, pl, err
}

// Results are results loaded as Render loads them, emulated samples split out: what lab aanull
// measures the null of.
type Results struct {
	Samples []matrix.Sample
	// Manifests has one entry per input source, nil where its run.json was not read or its run was
	// emulated (stats.LabelSwapNull takes them so).
	Manifests []*matrix.Manifest
	// Margin is the largest equivalence margin of the inputs' plans, 0 with none (as Render uses it).
	Margin float64
}

// LoadResults loads results files or directories as Render does.
func LoadResults(paths []string) (*Results, error) {
	in, err := load(paths)
	if err != nil {
		return nil, err
	}
	splitInputs(in)
	r := &Results{Samples: in.Samples, Margin: planMargin(in)}
	for _, src := range in.Sources {
		r.Manifests = append(r.Manifests, src.Manifest)
	}
	return r, nil
}
