package report

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
)

// Extensions of the files a report reads and keeps. Results files are JSONL (matrix.ReadSamples); the
// Go benchmark format files written beside them (for benchstat) are kept as they are.
const (
	resultsExt = ".jsonl"
)

var benchExts = []string{".bench", ".txt"}

// rawFile is one input kept beside the report.
type rawFile struct {
	Path  string // where it was read from
	Name  string // base name in the report's raw/ folder
	Bench bool   // Go benchmark format (else JSONL results)
	Data  []byte
}

// inputs are the loaded results: every sample of every results file, and the raw files to keep.
type inputs struct {
	Samples []matrix.Sample
	Raw     []rawFile
}

// load expands paths (results files, or directories holding them) and reads them. For a results file
// x.jsonl, a sibling x.bench or x.txt is kept too; a directory contributes every .jsonl, .bench and .txt
// file directly in it.
func load(paths []string) (*inputs, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("report: no input: give -in with at least one results file (.jsonl) or directory")
	}
	var results, bench []string
	seen := map[string]bool{}
	add := func(list *[]string, p string) {
		if abs, err := filepath.Abs(p); err == nil && !seen[abs] {
			seen[abs] = true
			*list = append(*list, p)
		}
	}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("report: -in %q: %w", p, err)
		}
		if !fi.IsDir() {
			if filepath.Ext(p) != resultsExt {
				return nil, fmt.Errorf("report: -in %q: not a results file: want a %s file or a directory", p, resultsExt)
			}
			add(&results, p)
			stem := strings.TrimSuffix(p, resultsExt)
			for _, ext := range benchExts {
				if _, err := os.Stat(stem + ext); err == nil {
					add(&bench, stem+ext)
				}
			}
			continue
		}
		ents, err := os.ReadDir(p)
		if err != nil {
			return nil, fmt.Errorf("report: -in %q: %w", p, err)
		}
		n := len(results)
		for _, e := range ents {
			if e.IsDir() {
				continue
			}
			name := filepath.Join(p, e.Name())
			switch ext := filepath.Ext(name); {
			case ext == resultsExt:
				add(&results, name)
			case slices.Contains(benchExts, ext):
				add(&bench, name)
			}
		}
		if len(results) == n {
			return nil, fmt.Errorf("report: -in %q: directory holds no %s results file", p, resultsExt)
		}
	}
	in := &inputs{}
	names := map[string]bool{}
	for _, list := range []struct {
		paths []string
		bench bool
	}{{results, false}, {bench, true}} {
		for _, p := range list.paths {
			data, err := os.ReadFile(p)
			if err != nil {
				return nil, fmt.Errorf("report: %w", err)
			}
			if !list.bench {
				ss, err := matrix.ReadSamples(p)
				if err != nil {
					return nil, fmt.Errorf("report: %w", err)
				}
				if len(ss) == 0 {
					return nil, fmt.Errorf("report: %s: no samples", p)
				}
				in.Samples = append(in.Samples, ss...)
			}
			in.Raw = append(in.Raw, rawFile{Path: p, Name: uniqueName(names, filepath.Base(p)), Bench: list.bench, Data: data})
		}
	}
	sort.SliceStable(in.Raw, func(i, j int) bool { return in.Raw[i].Name < in.Raw[j].Name })
	return in, nil
}

// uniqueName returns base, or base with a numeric suffix before its extension if base is taken.
func uniqueName(taken map[string]bool, base string) string {
	name := base
	ext := filepath.Ext(base)
	for i := 2; taken[name]; i++ {
		name = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(base, ext), i, ext)
	}
	taken[name] = true
	return name
}
