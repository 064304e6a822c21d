package report

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
)

// Kinds of input file a report reads and keeps beside itself.
const (
	kindResults  = "results"  // JSONL, one matrix.Sample per line (matrix.ReadSamples)
	kindBench    = "bench"    // the Go benchmark format, for benchstat
	kindManifest = "manifest" // the runner's run.json (matrix.Manifest)
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
}

// inputs are the loaded results: every sample of every results file, and the raw files to keep.
type inputs struct {
	Samples []matrix.Sample
	Raw     []rawFile
	Sources []source
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
			if filepath.Base(abs) == matrix.SamplesFile {
				siblings[filepath.Join(dir, matrix.BenchFile)] = kindBench
				siblings[filepath.Join(dir, matrix.ManifestFile)] = kindManifest
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
			case e.IsDir():
			case ext == resultsExt:
				g.files[name] = kindResults
				results++
			case slices.Contains(benchExts, ext):
				g.files[name] = kindBench
			case e.Name() == matrix.ManifestFile:
				g.files[name] = kindManifest
			}
		}
		if results == 0 {
			return nil, fmt.Errorf("report: -in %q: directory holds no %s results file", p, resultsExt)
		}
	}
	in := &inputs{}
	for _, g := range groups {
		src := source{Group: g.name}
		files := make([]string, 0, len(g.files))
		for f := range g.files {
			files = append(files, f)
		}
		sort.Strings(files)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, fmt.Errorf("report: %w", err)
			}
			switch g.files[f] {
			case kindResults:
				ss, err := matrix.ReadSamples(f)
				if err != nil {
					return nil, fmt.Errorf("report: %w", err)
				}
				if len(ss) == 0 {
					return nil, fmt.Errorf("report: %s: no samples", f)
				}
				in.Samples = append(in.Samples, ss...)
			case kindManifest:
				m, err := matrix.ReadManifest(filepath.Dir(f))
				if err != nil {
					return nil, fmt.Errorf("report: %w", err)
				}
				src.Manifest = &m
			}
			in.Raw = append(in.Raw, rawFile{Path: f, Name: path.Join(g.name, filepath.Base(f)), Kind: g.files[f], Data: data})
		}
		in.Sources = append(in.Sources, src)
	}
	return in, nil
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
