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
		e.Verdicts = append(e.Verdicts, fmt.Sprintf("%s on %s/%s: warm: %s; cold: %s", r.Candidate, r.Platform, r.Backend,
			plain(phaseSummary(r.Warm)), plain(phaseSummary(r.Cold))))
	}
	return e
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
		"candidate vs control: in how many cells - workload and DOP - it is faster or slower, with the range of "+
		"the changes; \"~\" = not significant after the correction for multiple comparisons). Each folder holds its raw "+
		"results and the command that regenerates it; [docs/METHOD.md](../docs/METHOD.md) is the method. This "+
		"file is rewritten by `go run ./cmd/lab report`.\n\n")
	for _, e := range es {
		fmt.Fprintf(&b, "- %s · [%s](%s/README.md) · %s\n", e.Date.UTC().Format("2006-01-02 15:04"), e.Title,
			e.Name, strings.Join(e.Platforms, ", "))
		for _, v := range e.Verdicts {
			fmt.Fprintf(&b, "  - %s\n", v)
		}
	}
	return writeFileAtomic(filepath.Join(out, readmeFile), b.Bytes())
}

// appendSummary appends the report's first screen to a step summary file.
func appendSummary(path string, m *model) error {
	var b bytes.Buffer
	m.StepSummary = true
	writeSections(&b, m, summarySections, readmeFile)
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
