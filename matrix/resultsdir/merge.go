package resultsdir

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
)

// mergeInput is one results folder given to MergeDirs, read.
type mergeInput struct {
	dir      string
	manifest matrix.Manifest
	data     []byte // samples.jsonl as it is
	file     *ResultsFile
}

// MergeDirs combines results folders of one plan and one build - replicas run on several runner instances,
// or any runs of the same plan - into the new folder out, which reports exactly as the runs given to
// the report together would: samples.jsonl holds every input's lines, each sample keeping its own run
// id (one runner instance each), bench.txt their kept samples, and run.json a manifest whose Instances
// are the inputs' own run.json (a merged input contributes its instances). It refuses, as a
// *matrix.InvalidError naming the input and writing nothing: inputs of different plans, commits or host builds,
// emulated and native runs together, a sample whose host ran on another platform than its cell's, the
// same run or the same replica twice, replicas of different counts, and an input that is running (or
// was killed running: resume it first) or torn (a last line cut short: resume it first).
func MergeDirs(out string, inputs []string) (*matrix.Manifest, error) {
	if len(inputs) == 0 {
		return nil, matrix.Invalidf("merge: no input: give the results folders to merge")
	}
	if ents, err := os.ReadDir(out); err == nil && len(ents) > 0 {
		return nil, matrix.Invalidf("merge: -out %s exists and is not empty; give a new folder", out)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, matrix.Invalidf("merge: -out %s: %v", out, err)
	}
	var ins []mergeInput
	for _, dir := range inputs {
		in, err := readMergeInput(dir)
		if err != nil {
			return nil, &matrix.InvalidError{Err: err}
		}
		ins = append(ins, in)
	}
	var runs []matrix.Manifest
	for _, in := range ins {
		runs = append(runs, in.manifest.Runs()...)
	}
	if err := mergeable(ins, runs); err != nil {
		return nil, &matrix.InvalidError{Err: err}
	}
	sort.SliceStable(runs, func(i, j int) bool { return replicaIndex(runs[i]) < replicaIndex(runs[j]) })

	first := runs[0]
	now := time.Now().UTC()
	m := matrix.Manifest{
		Run: RunID(now, first.Plan.Platform) + "-merged", Profile: first.Profile, Plan: first.Plan,
		Commits: first.Commits, Builds: first.Builds, Timeout: first.Timeout, Emulated: first.Emulated,
		Command: [][]string{append([]string{"lab", "merge", "-out", out}, inputs...)},
		Start:   first.Start, Status: matrix.StatusComplete, Instances: runs,
	}
	for _, r := range runs {
		if r.Start.Before(m.Start) {
			m.Start = r.Start
		}
		if r.End.After(m.End) {
			m.End = r.End
		}
		if m.Status == matrix.StatusComplete && !r.Complete() {
			m.Status, m.Error = r.Status, fmt.Sprintf("run %s is %s", r.Run, r.Status)
		}
		m.Planned += r.Planned
		m.Extra += r.Extra
		if m.Builds == nil {
			m.Builds = r.Builds
		}
	}
	var data []byte
	var samples []matrix.Sample
	for _, in := range ins {
		data = append(data, in.data...)
		if len(in.data) > 0 && in.data[len(in.data)-1] != '\n' {
			data = append(data, '\n')
		}
		samples = append(samples, in.file.Samples...)
	}
	kept, findings := Screen(&m.Plan, m.RunIDs(), SamplesFile, samples, nil)
	m.Samples, m.Failed, m.Superseded = CountKept(kept, findings)
	for _, r := range runs {
		var own []matrix.Sample
		for _, s := range kept {
			if s.Run == r.Run {
				own = append(own, s)
			}
		}
		m.Missing += len(matrix.MissingSamples(r.Plan, r.Cells, own))
	}
	// The folder is built beside out and renamed into place: a merge stopped half-way leaves no folder
	// that reads as a results folder.
	if _, err := MakeDir(filepath.Dir(out)); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(out), filepath.Base(out)+".merging*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp) // gone after the rename; what is left of a failed merge
	err = WriteFileAtomic(filepath.Join(tmp, SamplesFile), func(f *os.File) error { _, err := f.Write(data); return err })
	if err == nil {
		err = WriteFileAtomic(filepath.Join(tmp, BenchFile), func(f *os.File) error { return WriteBench(f, kept) })
	}
	if err == nil {
		err = WriteManifest(m, tmp)
	}
	if err == nil {
		err = os.Chmod(tmp, 0o755) // MkdirTemp's 0700: a results folder is readable like the rest
	}
	if err == nil {
		os.Remove(out) // an empty folder given as -out
		err = os.Rename(tmp, out)
	}
	return &m, err
}

// readMergeInput reads one results folder for Merge, refusing one that is running or torn.
func readMergeInput(dir string) (mergeInput, error) {
	in := mergeInput{dir: dir}
	m, err := ReadManifest(dir)
	if err != nil {
		return in, fmt.Errorf("merge: %s: not a results folder with a readable %s: %v", dir, ManifestFile, err)
	}
	if held, h, _, _ := LockState(dir); held {
		return in, fmt.Errorf("merge: %s is running (%s): merge it when it has ended", dir, h)
	}
	if m.Status == matrix.StatusRunning {
		return in, fmt.Errorf("merge: %s is running, or was killed while running (its run.json says %q): continue it with %s, then merge", dir, matrix.StatusRunning, ResumeCommand(dir))
	}
	path := filepath.Join(dir, SamplesFile)
	if in.data, err = os.ReadFile(path); err != nil {
		return in, fmt.Errorf("merge: %s: %v", dir, err)
	}
	if in.file, err = ReadResultsFile(path); err != nil {
		return in, fmt.Errorf("merge: %s: %v", dir, err)
	}
	if in.file.Torn > 0 {
		return in, fmt.Errorf("merge: %s is torn: %s:%d was cut short while being written; continue the run with %s (which cuts it away and takes that sample again), then merge", dir, path, in.file.Torn, ResumeCommand(dir))
	}
	in.manifest = m
	return in, nil
}

// mergeable checks that runs (the instances of ins) are one plan, one build and one platform per cell,
// each run once.
func mergeable(ins []mergeInput, runs []matrix.Manifest) error {
	from := map[string]string{} // run id -> the input that brought it
	for _, in := range ins {
		for _, r := range in.manifest.Runs() {
			if prev, ok := from[r.Run]; ok {
				return fmt.Errorf("merge: run %s is given twice (%s and %s): each run is one instance; give it once", r.Run, prev, in.dir)
			}
			from[r.Run] = in.dir
		}
	}
	first := runs[0]
	replicas := map[int]string{}
	for _, r := range runs {
		where := from[r.Run]
		if d := PlanDiff(first.Plan, r.Plan); d != "" {
			return fmt.Errorf("merge: %s has another plan than %s (%s): only runs of one plan merge", where, from[first.Run], d)
		}
		for _, v := range slices.Sorted(unionKeys(first.Commits, r.Commits)) {
			if first.Commits[v] != r.Commits[v] {
				return fmt.Errorf("merge: %s measured %s at commit %q, %s at commit %q: only runs of one commit merge", where, v, r.Commits[v], from[first.Run], first.Commits[v])
			}
		}
		for _, v := range slices.Sorted(unionKeys(first.Builds, r.Builds)) {
			if a, b := first.Builds[v], r.Builds[v]; a != "" && b != "" && a != b {
				return fmt.Errorf("merge: %s measured %s in host build %s, %s in build %s: only runs of one build merge (build the commit once, or compare the builds as variants)", where, v, b, from[first.Run], a)
			}
		}
		if r.Emulated != first.Emulated {
			return fmt.Errorf("merge: %s ran its hosts under %q, %s under %q: emulated and native samples do not merge into one cell", where, r.Emulated, from[first.Run], first.Emulated)
		}
		if (r.Replica == nil) != (first.Replica == nil) || (r.Replica != nil && r.Replica.Count != first.Replica.Count) {
			return fmt.Errorf("merge: %s is replica %v, %s replica %v: replicas of one set share their count K (-replica I/K)", where, replicaText(r), from[first.Run], replicaText(first))
		}
		if r.Replica != nil {
			if prev, ok := replicas[r.Replica.Index]; ok {
				return fmt.Errorf("merge: replica %v is given twice (%s and %s): each replica is one instance", r.Replica, prev, where)
			}
			replicas[r.Replica.Index] = where
		}
	}
	var all []matrix.Sample
	for _, in := range ins {
		all = append(all, in.file.Samples...)
	}
	if mixed := matrix.MixedBuilds(all); len(mixed) > 0 {
		return fmt.Errorf("merge: the samples of %s: %s: only one build of each variant merges", strings.Join(inputDirs(ins), ", "), mixed[0])
	}
	for _, in := range ins {
		for i, s := range in.file.Samples {
			if s.Result == nil {
				continue
			}
			if p := s.Result.Env.Platform(); p != s.Cell.Platform {
				return fmt.Errorf("merge: %s:%d: a sample of cell %s (%s) ran on %s: a platform mixed into a cell does not merge", filepath.Join(in.dir, SamplesFile), in.file.Lines[i], s.Cell, s.Cell.Platform, p)
			}
		}
	}
	return nil
}

// PlanDiff names the plan fields in which a and b differ ("dops [1 8] and [1 4]"), or "" when they are
// equal.
func PlanDiff(a, b matrix.Plan) string {
	if reflect.DeepEqual(a, b) {
		return ""
	}
	var x, y map[string]json.RawMessage
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	json.Unmarshal(ja, &x)
	json.Unmarshal(jb, &y)
	var diffs []string
	for _, k := range slices.Sorted(unionKeys(x, y)) {
		if !bytes.Equal(x[k], y[k]) {
			diffs = append(diffs, fmt.Sprintf("%s %s and %s", k, orNone(x[k]), orNone(y[k])))
		}
	}
	if len(diffs) == 0 {
		return "they differ"
	}
	return strings.Join(diffs, "; ")
}

func orNone(b json.RawMessage) string {
	if len(b) == 0 {
		return "(none)"
	}
	return string(b)
}

// unionKeys yields the keys of ms, each once.
func unionKeys[V any](ms ...map[string]V) iter.Seq[string] {
	return func(yield func(string) bool) {
		seen := map[string]bool{}
		for _, m := range ms {
			for k := range m {
				if !seen[k] {
					seen[k] = true
					if !yield(k) {
						return
					}
				}
			}
		}
	}
}

func inputDirs(ins []mergeInput) []string {
	var out []string
	for _, in := range ins {
		out = append(out, in.dir)
	}
	return out
}

func replicaIndex(m matrix.Manifest) int {
	if m.Replica == nil {
		return 0
	}
	return m.Replica.Index
}

func replicaText(m matrix.Manifest) string {
	if m.Replica == nil {
		return "none (not a replica)"
	}
	return m.Replica.String()
}

// MergeOptions are what lab merge and the report targets merge: Inputs, results folders of one plan
// and build, into Out, a new (or empty) folder. Both are required.
type MergeOptions struct {
	Out    string
	Inputs []string
}

// Validate refuses options Merge cannot act on, naming the field by its lab merge flag.
func (o MergeOptions) Validate() error {
	if o.Out == "" {
		return matrix.Invalidf("merge: -out is required: the merged folder to create")
	}
	if len(o.Inputs) == 0 {
		return matrix.Invalidf("merge: no results folders: give the folders to merge after the flags")
	}
	return nil
}

// Merge is `lab merge -out DIR RESULTS...`: MergeDirs, then the merged folder's path on stdout and a
// line naming its instances on stderr.
func Merge(ctx context.Context, o MergeOptions, stdout, stderr io.Writer) error {
	if err := o.Validate(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	m, err := MergeDirs(o.Out, o.Inputs)
	if err != nil {
		return err
	}
	var names []string
	for _, r := range m.Instances {
		name := r.Run
		if r.Replica != nil {
			name += " (replica " + r.Replica.String() + ")"
		}
		names = append(names, name)
	}
	fmt.Fprintf(stderr, "merge: %d runs (%s), %d of %d planned samples recorded, %d failed, into %s\n", len(m.Instances), strings.Join(names, ", "), m.Samples, m.Planned, m.Failed, o.Out)
	fmt.Fprintln(stdout, o.Out)
	return nil
}
