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
		e.Verdicts = append(e.Verdicts, fmt.Sprintf("%s on %s/%s: %s, %s", r.Candidate, r.Platform, r.Backend,
			shortVerdict("warm", r.Warm), shortVerdict("cold", r.Cold)))
	}
	return e
}

// shortVerdict is a verdict without its interval, with the cells that disagree with it: "warm 44%
// faster", "warm ~ (faster in 2 cells, slower in 1)".
func shortVerdict(phase string, v *stats.Verdict) string {
	switch {
	case v == nil || v.Ratio.Empty():
		return phase + " n/a"
	case v.Ratio.Thin():
		return phase + " too few pairs"
	}
	c, _, _ := v.Percent()
	switch {
	case !v.Significant() && v.Lower+v.Higher > 0:
		return fmt.Sprintf("%s ~ (faster in %s, slower in %s)", phase, cells(v.Lower), cells(v.Higher))
	case !v.Significant():
		return phase + " ~"
	case c < 0 && v.Higher > 0:
		return fmt.Sprintf("%s %s (slower in %s)", phase, pctWords(c), cells(v.Higher))
	case c > 0 && v.Lower > 0:
		return fmt.Sprintf("%s %s (faster in %s)", phase, pctWords(c), cells(v.Lower))
	}
	return phase + " " + pctWords(c)
}

func cells(n int) string {
	if n == 1 {
		return "1 cell"
	}
	return fmt.Sprintf("%d cells", n)
}

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
		"candidate vs control, pooled over workloads and DOPs; \"~\" = not significant). Each folder holds its raw "+
		"results and the command that regenerates it; [docs/METHOD.md](../docs/METHOD.md) is the method. This "+
		"file is rewritten by `go run ./cmd/lab report`.\n\n")
	for _, e := range es {
		fmt.Fprintf(&b, "- %s · [%s](%s/README.md) · %s · %s\n", e.Date.UTC().Format("2006-01-02 15:04"), e.Title,
			e.Name, strings.Join(e.Platforms, ", "), strings.Join(e.Verdicts, "; "))
	}
	return writeFileAtomic(filepath.Join(out, readmeFile), b.Bytes())
}

// appendSummary appends the compact report (verdicts and elapsed-time tables) to a step summary file.
func appendSummary(path string, m *model) error {
	var b bytes.Buffer
	writeQuestion(&b, m)
	writeVerdicts(&b, m)
	writeElapsed(&b, m)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("report: step summary: %w", err)
	}
	if _, err := f.Write(b.Bytes()); err != nil {
		f.Close()
		return fmt.Errorf("report: step summary: %w", err)
	}
	return f.Close()
}
