// Package compare is the back end of `lab compare`: the verdicts that changed from one report to
// another, read from their cells.json, as markdown. cmd/lab parses the flags into Options.
package compare

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// Options are the two reports Run reads, each a report folder or its cells.json.
type Options struct {
	Old, New string
}

// Run is `lab compare`: which comparisons of the primary family (elapsed time) changed their
// verdict from one report to another - what a new report says against the one it replaces, cell by cell
// (stats.DiffVerdicts). It reads the two reports' cells.json and prints markdown to stdout.
func Run(ctx context.Context, opts Options, stdout io.Writer) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	old, err := readCellsAt(opts.Old)
	if err != nil {
		return err
	}
	new, err := readCellsAt(opts.New)
	if err != nil {
		return err
	}
	writeVerdictDiff(stdout, old, new, stats.DiffVerdicts(old, new, stats.Elapsed.Name))
	return nil
}

// readCellsAt reads a report folder's cells.json, or the file itself.
func readCellsAt(path string) (stats.Cells, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, stats.CellsFile)
	}
	f, err := os.Open(path)
	if err != nil {
		return stats.Cells{}, fmt.Errorf("compare: %w", err)
	}
	defer f.Close()
	c, err := stats.ReadCells(f)
	if err != nil {
		return stats.Cells{}, fmt.Errorf("compare: %s: %w", path, err)
	}
	return c, nil
}

// writeVerdictDiff lays out a VerdictDiff: the counts, then every changed comparison with both reports'
// estimates and selection-adjusted intervals.
func writeVerdictDiff(w io.Writer, old, new stats.Cells, d stats.VerdictDiff) {
	gen := func(c stats.Cells) string {
		if c.ZlibNG == "" {
			return "zlib-ng 2.2.2 (no generation recorded)"
		}
		return "zlib-ng " + string(c.ZlibNG)
	}
	fmt.Fprintf(w, "## Verdicts that changed: %s, old (%s) against new (%s)\n\n", d.Metric, gen(old), gen(new))
	fmt.Fprintf(w, "Comparisons in both reports: %d, the same verdict in %d, another in %d (%d from faster to slower or back). "+
		"Only in the old report: %d; only in the new: %d%s.\n\n",
		d.Same+len(d.Changed), d.Same, len(d.Changed), d.Flips(), len(d.OnlyOld), len(d.OnlyNew), onlyNewWorkloads(d))
	if len(d.Changed) == 0 {
		return
	}
	rows := make([][]string, 0, len(d.Changed))
	for _, c := range d.Changed {
		dop := fmt.Sprint(c.Key.DOP)
		if c.New.Oversubscribed {
			dop += "‡"
		}
		rows = append(rows, []string{c.Key.Candidate, c.Key.Backend, c.Key.Workload + "/" + dop, c.Key.Phase, recordCell(c.Old), recordCell(c.New)})
	}
	report.MarkdownTable(w, []string{"Candidate", "Backend", "Cell", "Phase", "Old", "New"}, rows)
	fmt.Fprintf(w, "Each side: its verdict, the Hodges-Lehmann change against control in %% and its selection-adjusted interval, "+
		"as that report printed them (each at its own level). ‡: more workers than processors in the new run.\n")
}

// recordCell is one side of a change: "slower +3 [+1.2, +4.6]".
func recordCell(r stats.CellRecord) string {
	s := string(r.Verdict)
	if r.Estimate != nil {
		s += " " + report.PctSigned(*r.Estimate)
	}
	if r.AdjLo != nil && r.AdjHi != nil {
		s += fmt.Sprintf(" [%s, %s]", report.PctSigned(*r.AdjLo), report.PctSigned(*r.AdjHi))
	}
	return s
}

// onlyNewWorkloads names the workloads the new report alone has, which is why most only-new comparisons
// exist (a workload added since).
func onlyNewWorkloads(d stats.VerdictDiff) string {
	var names []string
	seen := map[string]bool{}
	for _, r := range d.OnlyNew {
		if !seen[r.Workload] {
			seen[r.Workload] = true
			names = append(names, r.Workload)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return " (workloads " + strings.Join(names, ", ") + ")"
}
