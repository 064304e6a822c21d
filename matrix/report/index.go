package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// entry is one report's line in the index, stored as report.json in the report's folder so that the
// index can be rebuilt from the folders alone.
type entry struct {
	Name      string    `json:"name"`
	Title     string    `json:"title"`
	Date      time.Time `json:"date"`
	Platforms []string  `json:"platforms"`
	Verdicts  []string  `json:"verdicts"`
}

func newEntry(m *model) entry {
	e := entry{Name: m.Name, Title: m.Title, Date: m.Date, Platforms: m.Platforms()}
	for _, r := range m.Verdicts {
		e.Verdicts = append(e.Verdicts, fmt.Sprintf("%s on %s/%s - warm: %s - cold: %s", r.Candidate, r.Platform, r.Backend,
			plain(m.indexPhase(r.Warm)), plain(m.indexPhase(r.Cold))))
	}
	return e
}

// indexPhase is one phase of a candidate in the index, per workload as the first page's compact verdicts
// read it (groupedSummary): the DOPs within the processors, then the oversubscribed ones as one group,
// never counted as separate confirmations: "fixed ~ · ‡ -1% to -2%; mixed +143% · ‡ +46% to +76%".
func (m *model) indexPhase(v *stats.Verdict) string {
	if v == nil {
		return "not measured"
	}
	var parts []string
	for _, part := range v.ByWorkload() {
		parts = append(parts, part.Workload+" "+m.groupedSummary(&part))
	}
	return strings.Join(parts, "; ")
}

// plain drops markdown emphasis.
func plain(s string) string { return strings.ReplaceAll(s, "**", "") }

// writeIndex rebuilds out/README.md from every out/*/report.json, newest first.
func writeIndex(out string) error {
	paths, err := filepath.Glob(filepath.Join(out, "*", entryFile))
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	var es []entry
	for _, p := range paths {
		if strings.HasPrefix(filepath.Base(filepath.Dir(p)), ".") {
			continue // a report being built
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("report: %w", err)
		}
		var e entry
		if err := json.Unmarshal(data, &e); err != nil {
			return fmt.Errorf("report: %s: %w", p, err)
		}
		e.Name = filepath.Base(filepath.Dir(p)) // the folder is the truth
		es = append(es, e)
	}
	sort.SliceStable(es, func(i, j int) bool {
		if !es[i].Date.Equal(es[j].Date) {
			return es[i].Date.After(es[j].Date)
		}
		return es[i].Name > es[j].Name
	})
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Reports\n\nEvery report of the lab, newest first: date, platforms, verdicts (elapsed time of each "+
		"candidate vs control per workload and phase, as the first page's compact verdicts: the DOPs within the processors, "+
		"then ‡ those above them as one group; a signed change is faster (-) or slower (+), ≈ equivalent within the margin, "+
		"~ inconclusive after the correction for multiple comparisons, =/8 the same treatment as pooled/8). Each folder holds its raw "+
		"results and the command that regenerates it; [docs/METHOD.md](%s) is the method. This "+
		"file is rewritten by `go run ./cmd/lab report`.\n\n", docsLink(out, "docs/METHOD.md"))
	for _, e := range es {
		fmt.Fprintf(&b, "- %s · [%s](%s/README.md) · %s\n", e.Date.UTC().Format("2006-01-02 15:04"), e.Title,
			e.Name, strings.Join(e.Platforms, ", "))
		for _, v := range e.Verdicts {
			fmt.Fprintf(&b, "  - %s\n", v)
		}
	}
	return writeFileAtomic(filepath.Join(out, readmeFile), b.Bytes())
}

// RepositoryURL is where the repository's files are read online: a page written outside a checkout
// links the docs there.
const RepositoryURL = "https://github.com/deflatelab/deflatelab/blob/main/"

// docsLink is the repository's file rel (slash-separated, docs/METHOD.md) as a page in folder dir links
// it: relative when dir is inside a checkout that has the file (a folder above dir holding go.mod and
// rel), so that the link works offline and on the repository's own pages; else RepositoryURL+rel, which
// resolves wherever dir is.
func docsLink(dir, rel string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return RepositoryURL + rel
	}
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		_, modErr := os.Stat(filepath.Join(d, "go.mod"))
		_, relErr := os.Stat(filepath.Join(d, filepath.FromSlash(rel)))
		if modErr == nil && relErr == nil {
			link, err := filepath.Rel(abs, filepath.Join(d, filepath.FromSlash(rel)))
			if err == nil {
				return filepath.ToSlash(link)
			}
		}
		if filepath.Dir(d) == d {
			return RepositoryURL + rel
		}
	}
}

// appendSummary appends the report's first screen to a step summary file.
func appendSummary(path string, m *model) error {
	var b bytes.Buffer
	m.StepSummary = true
	writeSections(&b, m, inSummary, readmeFile)
	m.StepSummary = false
	text := unlinkRelative(b.String()) // nothing on the run's page can follow a link into the report folder
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("report: step summary: %w", err)
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return fmt.Errorf("report: step summary: %w", err)
	}
	return f.Close()
}
