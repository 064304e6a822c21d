package stats

import (
	"encoding/json"
	"fmt"
	"io"
	"math"

	"github.com/deflatelab/deflatelab/matrix"
)

// CellsFile is the name of the machine-readable result every report folder holds.
const CellsFile = "cells.json"

// CellsVersion is cells.json's schema version: a reader rejects a file whose version it does not know.
// Adding a field keeps the version; renaming or removing one, or changing its meaning, bumps it. Version
// 2: a merged run's comparisons decide by the moderated combination (Test "moderated-t", Moderation),
// not the random-effects one (version 1's Test "random-effects"), and records carry Detectable. A reader
// reads both (minCellsVersion): the fields it shares mean the same, only how the decision was taken
// changed.
const CellsVersion = 2

// minCellsVersion is the oldest cells.json ReadCells accepts.
const minCellsVersion = 1

// Cells is cells.json: one record per platform, backend, workload, DOP, phase, candidate and metric.
type Cells struct {
	Version int     `json:"version"`
	Control string  `json:"control"` // the variant every candidate is compared with
	Alpha   float64 `json:"alpha"`   // the decisions' false discovery rate
	// ZlibNG is the zlib-ng generation whose deflate every sample ran ("2.2.5", "2.2.2"), and
	// ZlibNGDescription the same with the .NET it stands for ("zlib-ng 2.2.5 (.NET 10 and later)");
	// absent in files written before the fields.
	ZlibNG            matrix.Generation `json:"zlibng,omitempty"`
	ZlibNGDescription string            `json:"zlibngDescription,omitempty"`
	Records           []CellRecord      `json:"records"`
	// Lifetime holds the steady-state and lifetime analysis (LifetimeRecords), one record per cold cell
	// and variant; absent when the report made none.
	Lifetime []LifetimeRecord `json:"lifetime,omitempty"`
	// Variance holds the variance components per cell group (VarianceRecords); absent in files written
	// before it (a field added: the version stays).
	Variance []VarianceRecord `json:"variance,omitempty"`
}

// CellRecord is one comparison of a candidate with control on one metric in one cell. Percentages are
// changes of the candidate against control (-44: the candidate's value is 0.56 times control's). A
// number that does not exist - an estimate without pairs, a bound without an interval - is null, never 0.
type CellRecord struct {
	Platform  string `json:"platform"`
	Backend   string `json:"backend"`
	Workload  string `json:"workload"`
	DOP       int    `json:"dop"`
	Phase     string `json:"phase"`
	Candidate string `json:"candidate"`
	Metric    string `json:"metric"` // Metric.Name
	Unit      string `json:"unit"`   // Metric.Unit of the medians

	Estimate *float64 `json:"estimate"` // Hodges-Lehmann estimate of the paired ratio, percent
	Lo       *float64 `json:"lo"`       // its 95% interval, percent
	Hi       *float64 `json:"hi"`
	// AdjLo and AdjHi are the selection-adjusted interval (Delta.Adjusted), percent: the one the report
	// shows and the verdict is read from, at confidence AdjConfidence; Margin is the equivalence margin,
	// percent.
	AdjLo         *float64 `json:"adjLo"`
	AdjHi         *float64 `json:"adjHi"`
	AdjConfidence float64  `json:"adjConfidence"`
	Margin        float64  `json:"margin"`
	P             float64  `json:"p"`      // the decision test's two-sided p-value (Delta.P)
	PAdj          *float64 `json:"pAdj"`   // Benjamini-Hochberg adjusted over Family tests
	Family        int      `json:"family"` // how many tests the adjustment ran over (one metric, the whole analysis)
	Test          string   `json:"test"`   // "signed-rank" (paired), "u-test" (too few pairs for an interval), "moderated-t"
	// Detectable is the smallest change, percent, the decision would name with 80% probability at the
	// family's level (Delta.Detectable); null without an interval.
	Detectable *float64 `json:"detectable"`
	Verdict    Class    `json:"verdict"`

	ControlMedian   *float64 `json:"controlMedian"` // of the usable samples, in Unit
	CandidateMedian *float64 `json:"candidateMedian"`
	Pairs           int      `json:"pairs"`  // rounds with both sides usable
	Rounds          int      `json:"rounds"` // rounds of the cell, whatever their outcome
	// Processors is the most processors a sample of the cell saw; Oversubscribed is DOP > Processors:
	// the time per operation is then throughput across DOP workers, not one operation's latency.
	Processors     int  `json:"processors"`
	Oversubscribed bool `json:"oversubscribed"`
	// Regimes is null unless control or the candidate ran at two speeds (verdict "unstable"); then it
	// holds each flagged side's groups.
	Regimes []RegimeRecord `json:"regimes"`
	// ClosedBy and RoundsPlanned are what the runner recorded of the cell's rounds (run.json): why they
	// ended (planned, decided, futile, cap, resampled, unstable-cap) and the plan's rounds (an adaptive
	// run's cap); ExtraRounds are re-sampling rounds after the cell's own. Absent for runs without it.
	ClosedBy      string `json:"closedBy,omitempty"`
	RoundsPlanned int    `json:"roundsPlanned,omitempty"`
	ExtraRounds   int    `json:"extraRounds,omitempty"`
	// Instances, Heterogeneity and Moderation are set when the pairs come from two or more runner
	// instances (a merged folder): each instance's own estimate, interval (at AdjConfidence) and verdict;
	// the between-instance spread of their random-effects combination (a description: it decides
	// nothing); and their moderated combination (Moderated), which then gives Estimate, Lo, Hi, P and the
	// verdict (Test "moderated-t"). Absent for one instance.
	Instances     []InstanceRecord     `json:"instances,omitempty"`
	Heterogeneity *HeterogeneityRecord `json:"heterogeneity,omitempty"`
	Moderation    *ModerationRecord    `json:"moderation,omitempty"`
}

// ModerationRecord is a comparison's moderated combination (Moderated), on the log ratio x 100 (about
// percent): K instances, SD the standard deviation of their estimates, PriorSD and PriorDF the family's
// (or stratum's) prior - PriorDF null when infinite: the stratum's variances scatter no more than sampling
// alone (every comparison takes PriorSD), or, with Pooled, PriorSD is the stratum's pooled standard
// deviation, which decided this comparison under the small-strata rule (Options.PooledBelow) - PostSD the
// moderated standard deviation of one instance's estimate, DF the moderated t's degrees of freedom (null
// when infinite: the normal distribution), PriorOf the stratum whose prior it carries ("aa", "aa, cold",
// "family" under a family prior: of the priors a comparison is moderated with, the one with the largest
// p-value).
type ModerationRecord struct {
	K       int      `json:"k"`
	SD      float64  `json:"sd"`
	PriorSD float64  `json:"priorSD"`
	PriorDF *float64 `json:"priorDF"`
	PostSD  float64  `json:"postSD"`
	DF      *float64 `json:"df"`
	PriorOf string   `json:"priorOf,omitempty"`
	Pooled  bool     `json:"pooled,omitempty"`
}

// InstanceRecord is one runner instance's analysis of a comparison, percent.
type InstanceRecord struct {
	Run      string   `json:"run"`
	Pairs    int      `json:"pairs"`
	Estimate *float64 `json:"estimate"`
	Lo       *float64 `json:"lo"`
	Hi       *float64 `json:"hi"`
	Verdict  Class    `json:"verdict"`
}

// HeterogeneityRecord is the random-effects combination's between-instance spread: K instances combined,
// Tau the between-instance standard deviation of the log ratio (x 100: about percent), I2 the share of
// the variance between instances, Q Cochran's statistic; Disagree: the instances' verdicts point opposite
// ways.
type HeterogeneityRecord struct {
	K        int     `json:"k"`
	Tau      float64 `json:"tau"`
	I2       float64 `json:"i2"`
	Q        float64 `json:"q"`
	Disagree bool    `json:"disagree"`
}

// RegimeRecord is one side's speed regimes in a cell, over RegimeMetric.
type RegimeRecord struct {
	Variant    string        `json:"variant"`
	Metric     string        `json:"metric"`     // RegimeMetric.Name
	Values     []RoundValue  `json:"values"`     // every usable round, in round order
	Groups     []RegimeGroup `json:"groups"`     // the faster group, then the slower one
	Ratio      float64       `json:"ratio"`      // the gap between them as a speed ratio
	Separation float64       `json:"separation"` // the gap in robust SDs of the within-group noise
	Contiguous bool          `json:"contiguous"` // one level change in round order (else scattered)
}

// RoundValue is one round's value.
type RoundValue struct {
	Run   string  `json:"run"`
	Round int     `json:"round"`
	Value float64 `json:"value"`
}

// RegimeGroup is one speed group: its median, its size and its rounds.
type RegimeGroup struct {
	Median float64      `json:"median"`
	N      int          `json:"n"`
	Rounds []RoundValue `json:"rounds"`
}

// CellRecords lists every delta of the analysis as a record, in the analysis' cell order, then candidate
// and metric order.
func (a *Analysis) CellRecords() Cells {
	out := Cells{Version: CellsVersion, Control: a.Control, Alpha: a.Alpha, Records: []CellRecord{}}
	for _, c := range a.Cells {
		control := c.Variant(a.Control)
		for _, d := range c.Deltas {
			out.Records = append(out.Records, record(c, control, c.Variant(d.Candidate), d))
		}
	}
	return out
}

func record(c *Cell, control, cand *Variant, d *Delta) CellRecord {
	r := CellRecord{
		Platform: c.Platform, Backend: c.Backend, Workload: c.Workload, DOP: c.DOP, Phase: c.Phase,
		Candidate: d.Candidate, Metric: d.Metric, Unit: unitOf(d.Metric),
		P: d.P(), PAdj: finite(d.PAdjusted), Family: d.Family, Test: "u-test", Verdict: d.Class(),
		Pairs: len(d.Pairs), Rounds: c.Rounds, Processors: c.Processors, Oversubscribed: c.Oversubscribed(),
	}
	if d.Paired() {
		r.Test = "signed-rank"
	}
	est, lo, hi := d.Percent()
	r.Estimate = finite(est)
	if !d.Thin() { // without an interval Percent's bounds are -100% and +Inf: no interval at all
		r.Lo, r.Hi = finite(lo), finite(hi)
	}
	r.AdjConfidence, r.Margin, r.Detectable = d.AdjustedConfidence(), d.Margin()*100, finite(d.Detectable())
	if _, alo, ahi := d.AdjustedPercent(); !d.Thin() && !d.Adjusted.Thin() {
		r.AdjLo, r.AdjHi = finite(alo), finite(ahi)
	}
	if c.Closing != nil {
		r.ClosedBy, r.RoundsPlanned, r.ExtraRounds = c.Closing.ClosedBy, c.Closing.Planned, c.Closing.Extra
	}
	if in := d.Instances; in != nil {
		for _, e := range in.Per {
			ir := InstanceRecord{Run: e.Run, Pairs: e.Pairs, Verdict: e.Class}
			if e.Log.N > 0 {
				ir.Estimate = finite(pct(math.Exp(e.Log.Estimate)))
			}
			if !e.Log.Thin() {
				ir.Lo, ir.Hi = finite(pct(math.Exp(e.Log.Lo))), finite(pct(math.Exp(e.Log.Hi)))
			}
			r.Instances = append(r.Instances, ir)
		}
		re := in.Combined
		r.Heterogeneity = &HeterogeneityRecord{K: re.K, Tau: re.Tau() * 100, I2: re.I2, Q: re.Q, Disagree: in.Disagree}
		if in.Decides() {
			m := in.Moderated
			r.Moderation = &ModerationRecord{K: m.K, SD: math.Sqrt(m.S2) * 100, PriorSD: math.Sqrt(m.Prior.Var) * 100,
				PriorDF: finite(m.Prior.DF), PostSD: math.Sqrt(m.Post) * 100, DF: finite(m.DF), PriorOf: m.PriorOf, Pooled: m.Pooled}
			_, alo, ahi := d.AdjustedPercent()
			r.Test, r.AdjLo, r.AdjHi = "moderated-t", finite(alo), finite(ahi)
		}
	}
	if s := d.Sequential; s != nil { // an adaptive run: the stopping rule's p-values and interval
		r.Test, r.P, r.PAdj = "confidence-sequence", s.P, finite(s.PAdj)
		r.Lo, r.Hi = finite(pct(math.Exp(s.Lo))), finite(pct(math.Exp(s.Hi)))
	}
	if control != nil {
		r.ControlMedian = finite(control.Metrics[d.Metric].Center)
	}
	if cand != nil {
		r.CandidateMedian = finite(cand.Metrics[d.Metric].Center)
	}
	if d.Unstable {
		for _, v := range []*Variant{control, cand} {
			if v != nil && v.Regimes.Flagged {
				r.Regimes = append(r.Regimes, regimeRecord(v))
			}
		}
	}
	return r
}

func regimeRecord(v *Variant) RegimeRecord {
	rg := v.Regimes
	values := func(idx []int) []RoundValue {
		out := make([]RoundValue, 0, len(idx))
		for _, i := range idx {
			out = append(out, RoundValue{Run: rg.Rounds[i].Run, Round: rg.Rounds[i].Round, Value: rg.Values[i]})
		}
		return out
	}
	all := make([]int, len(rg.Values))
	for i := range all {
		all[i] = i
	}
	return RegimeRecord{
		Variant: v.Name, Metric: RegimeMetric.Name, Values: values(all),
		Groups: []RegimeGroup{
			{Median: rg.Low.Median, N: rg.Low.N, Rounds: values(rg.Low.Index)},
			{Median: rg.High.Median, N: rg.High.N, Rounds: values(rg.High.Index)},
		},
		Ratio: rg.Ratio, Separation: rg.Separation, Contiguous: rg.Contiguous,
	}
}

func unitOf(metric string) string {
	for _, m := range Metrics {
		if m.Name == metric {
			return m.Unit
		}
	}
	return ""
}

// finite returns a pointer to v, or nil when v is NaN or infinite (JSON has no such numbers).
func finite(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// WriteCells writes cells as indented JSON.
func WriteCells(w io.Writer, cells Cells) error {
	b, err := json.MarshalIndent(cells, "", "  ")
	if err != nil {
		return fmt.Errorf("stats: cells.json: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ReadCells reads a cells.json, rejecting a version it does not know.
func ReadCells(r io.Reader) (Cells, error) {
	var c Cells
	if err := json.NewDecoder(r).Decode(&c); err != nil {
		return Cells{}, fmt.Errorf("stats: cells.json: %w", err)
	}
	if c.Version < minCellsVersion || c.Version > CellsVersion {
		return Cells{}, fmt.Errorf("stats: cells.json: version %d; this reader knows versions %d to %d", c.Version, minCellsVersion, CellsVersion)
	}
	return c, nil
}
