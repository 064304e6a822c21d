package stats

import (
	"math"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/sequential"
)

// Closing is how a cell's rounds ended, as the runner recorded it in run.json.
type Closing struct {
	Run      string
	ClosedBy string // matrix.Closed*: planned, decided, futile, cap, resampled, unstable-cap
	Rounds   int    // rounds the cell took, extra rounds included
	Planned  int    // the plan's rounds: the fixed design's count, or an adaptive run's cap
	Extra    int    // re-sampling rounds after the cell's own
	Rule     string // the adaptive stopping rule; empty for the fixed design
}

// ApplyRuns reads the runs' manifests into the analysis: every cell a manifest records gets its Closing,
// and in an adaptive run every elapsed-time comparison (elapsed and ns/op, whose ratios are the same)
// is decided by the run's stopping rule over the run's family of comparisons, as the runner decided it:
// after optional stopping only the rule's anytime-valid p-values and confidence sequence are valid.
func (a *Analysis) ApplyRuns(manifests []*matrix.Manifest) {
	for _, m := range manifests {
		if m == nil || len(m.Cells) == 0 {
			continue
		}
		byCell := map[matrix.Cell]matrix.CellRun{}
		for _, c := range m.Cells {
			byCell[c.Cell] = c
		}
		var family []*Delta
		var cells []*Cell // family[i]'s cell
		for _, c := range a.Cells {
			run, ok := byCell[c.Cell]
			if !ok || c.Closing != nil {
				continue
			}
			c.Closing = &Closing{Run: m.Run, ClosedBy: run.ClosedBy, Rounds: run.Rounds, Planned: m.Plan.Rounds, Extra: run.Extra(), Rule: m.Stopping}
			for _, d := range c.Deltas {
				if d.Metric == Elapsed.Name {
					family, cells = append(family, d), append(cells, c)
				}
			}
		}
		if m.Plan.Adaptive == nil || len(family) == 0 {
			continue
		}
		ad := m.Plan.Adaptive
		rule := sequential.Rule{Alpha: ad.Alpha, Margin: m.Plan.Margin(), Precision: ad.Precision, Correction: ad.Correction, MaxN: m.Plan.Rounds}
		logs := make([][]float64, len(family))
		for i, d := range family {
			for _, p := range d.Pairs {
				if p.Ratio > 0 && !math.IsInf(p.Ratio, 0) {
					logs[i] = append(logs[i], math.Log(p.Ratio))
				}
			}
		}
		for i, dec := range rule.Decide(logs) {
			family[i].Sequential = &dec
			// The same decision for ns/op, whose ratios are elapsed's.
			if o := cells[i].Delta(family[i].Candidate, ElapsedPerOp.Name); o != nil {
				o.Sequential = &dec
			}
		}
	}
}
