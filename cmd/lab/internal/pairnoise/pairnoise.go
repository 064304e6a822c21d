// Package pairnoise is the back end of `lab pairnoise`: per-pair noise and the detectable change per
// runner-minute of results folders, run by run and pooled, as markdown.
package pairnoise

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"

	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// Run is `lab pairnoise RESULTS...`: each results folder's per-pair noise on the primary metric,
// comparison by comparison (stats.PairNoises), then pooled over the folders per pairing, cell and
// candidate - how alternating and duet pairs compare at the same runner-minutes (docs/METHOD.md, "Duet
// pairs"). Its one input is the folders, so it takes them as they are rather than in an options struct.
func Run(ctx context.Context, results []string, stdout io.Writer) error {
	type key struct {
		pairing, cell, candidate string
	}
	type pool struct {
		ss, df, n, seconds float64
		runs               int
	}
	pooled := map[key]*pool{}
	var order []key
	var rows [][]string
	for _, dir := range results {
		if err := ctx.Err(); err != nil {
			return err
		}
		a, _, err := report.AnalyzeElapsed([]string{dir})
		if err != nil {
			return err
		}
		for _, p := range a.PairNoises() {
			cell := fmt.Sprintf("%s/%d %s", p.Cell.Workload, p.Cell.DOP, p.Cell.Phase)
			rows = append(rows, []string{filepath.Base(dir), p.Pairing, cell, p.Candidate, strconv.Itoa(p.Pairs), report.Pct1(p.SD),
				fmt.Sprintf("%+.1f%% [%+.1f, %+.1f]", p.Estimate, p.Lo, p.Hi), fmt.Sprintf("%.1f", p.Hi-p.Lo),
				fmt.Sprintf("%.0f", p.Seconds), report.Pct1(p.Detectable()), report.Pct1(p.DetectablePerMinute())})
			k := key{p.Pairing, cell, p.Candidate}
			if pooled[k] == nil {
				pooled[k] = &pool{}
				order = append(order, k)
			}
			if q := pooled[k]; p.Pairs > 1 {
				q.ss += p.SD * p.SD * float64(p.Pairs-1)
				q.df += float64(p.Pairs - 1)
				q.n += float64(p.Pairs)
				q.seconds += p.Seconds
				q.runs++
			}
		}
	}
	fmt.Fprintf(stdout, "## Per-pair noise of %s, run by run\n\n", stats.Elapsed.Name)
	fmt.Fprintf(stdout, "SD: of the per-pair log ratio x 100; the change with its 95%% signed-rank interval and the interval's width "+
		"(points); runner seconds the pairs took; the smallest change detected with 80%% power at 5%% (%.2f SD / sqrt(pairs)), "+
		"and the same for one runner-minute of pairs.\n\n", stats.DetectableZ)
	report.MarkdownTable(stdout, []string{"Results", "Pairing", "Cell", "Candidate", "Pairs", "SD", "Change", "Width", "Runner s", "Detectable", "Detectable / min"}, rows)
	rows = nil
	for _, k := range order {
		q := pooled[k]
		if q.df == 0 {
			continue
		}
		sd := math.Sqrt(q.ss / q.df)
		det := stats.DetectableZ * sd / math.Sqrt(q.n)
		rows = append(rows, []string{k.pairing, k.cell, k.candidate, strconv.Itoa(q.runs), fmt.Sprint(q.n), report.Pct1(sd),
			fmt.Sprintf("%.0f", q.seconds), report.Pct1(det), report.Pct1(det * math.Sqrt(q.seconds/60))})
	}
	fmt.Fprintf(stdout, "\n## Pooled over the folders\n\n")
	report.MarkdownTable(stdout, []string{"Pairing", "Cell", "Candidate", "Runs", "Pairs", "SD", "Runner s", "Detectable", "Detectable / min"}, rows)
	return nil
}
