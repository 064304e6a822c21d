package stats

import (
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix/lifetime"
)

// LifetimeRecord is cells.json's view of one variant in one analysed cold cell (Lifetime): its steady
// state and, for a candidate, its lifetime ratios against control and its break-even. A number that
// does not exist (no interval, no value) is null, never 0.
type LifetimeRecord struct {
	Platform   string `json:"platform"`
	Backend    string `json:"backend"`
	Workload   string `json:"workload"`
	DOP        int    `json:"dop"`
	Variant    string `json:"variant"`
	Processors int    `json:"processors"`
	// ExactFirstOps: the series carried exact first operations (else log2 bins only).
	ExactFirstOps bool                  `json:"exactFirstOps"`
	SteadyState   SteadyStateRecord     `json:"steadyState"`
	Lifetime      []LifetimeRatioRecord `json:"lifetime"`  // candidates only; null for control
	BreakEven     *BreakEvenRecord      `json:"breakEven"` // candidates only
	Unstable      []string              `json:"unstable"`  // the cell's variants and phases with regimes
	IdleBytes     *float64              `json:"idleBytes"` // median at the end of the warm region
}

// SteadyStateRecord is a variant's processes' classes and steady-state start.
type SteadyStateRecord struct {
	Processes int            `json:"processes"`
	Classes   map[string]int `json:"classes"`
	Start     MedianRecord   `json:"start"`   // operations before the steady state
	StartNs   MedianRecord   `json:"startNs"` // their summed duration
	LevelNs   MedianRecord   `json:"levelNs"` // the steady state's ns per operation
}

// MedianRecord is a median with its interval.
type MedianRecord struct {
	N      int      `json:"n"`
	Center *float64 `json:"center"`
	Lo     *float64 `json:"lo"`
	Hi     *float64 `json:"hi"`
}

// LifetimeRatioRecord is the candidate's lifetime cost over control's for processes of N operations.
type LifetimeRatioRecord struct {
	N            int      `json:"n"`
	Ratio        *float64 `json:"ratio"`
	Lo           *float64 `json:"lo"`
	Hi           *float64 `json:"hi"`
	Confidence   *float64 `json:"confidence"` // the interval's level: the family's selection-adjusted one
	P            *float64 `json:"p"`          // the bootstrap's two-sided p-value, unadjusted
	Extrapolated bool     `json:"extrapolated"`
}

// BreakEvenRecord is lifetime.BreakEven for cells.json: Lo and Hi are null without an interval, and
// HiBeyond is set when the upper bound lies beyond lifetime.MaxN.
type BreakEvenRecord struct {
	N             int      `json:"n"`
	Lo            *float64 `json:"lo"`
	Hi            *float64 `json:"hi"`
	HiBeyond      bool     `json:"hiBeyondMax"`
	MaxN          int      `json:"maxN"`
	CandidateWins bool     `json:"candidateWins"`
	NoCrossing    bool     `json:"noCrossing"`
	Decided       bool     `json:"decided"`
	Extrapolated  bool     `json:"extrapolated"`
	Crossings     int      `json:"crossings"`
	MeasuredOps   int      `json:"measuredOps"`
}

// LifetimeRecords lists ls as cells.json records: per cell, control then the candidates.
func LifetimeRecords(ls []*Lifetime, control string) []LifetimeRecord {
	var out []LifetimeRecord
	for _, l := range ls {
		names := []string{control}
		for name := range l.Comparisons {
			names = append(names, name)
		}
		slices.SortFunc(names[1:], CompareNames)
		for _, name := range names {
			s, ok := l.Steady[name]
			if !ok {
				continue
			}
			r := LifetimeRecord{Platform: l.Platform, Backend: l.Backend, Workload: l.Workload, DOP: l.DOP, Variant: name,
				Processors: l.Processors, ExactFirstOps: l.Exact, SteadyState: steadyRecord(s), Unstable: l.Unstable,
				IdleBytes: finite(l.Idle[name].Warm)}
			if c := l.Comparisons[name]; c != nil {
				for _, ra := range c.Ratios {
					rec := LifetimeRatioRecord{N: ra.N, Ratio: finite(ra.Estimate), Lo: finite(ra.Lo), Hi: finite(ra.Hi),
						P: finite(ra.P), Extrapolated: ra.Extrapolated}
					if rec.Lo != nil {
						rec.Confidence = finite(ra.Confidence)
					}
					r.Lifetime = append(r.Lifetime, rec)
				}
				be := c.BreakEven
				r.BreakEven = &BreakEvenRecord{N: be.N, Lo: finite(be.Lo), Hi: finite(be.Hi), HiBeyond: math.IsInf(be.Hi, 1),
					MaxN: lifetime.MaxN, CandidateWins: be.CandidateWins, NoCrossing: be.NoCrossing, Decided: be.Decided,
					Extrapolated: be.Extrapolated, Crossings: be.Crossings, MeasuredOps: be.MeasuredToOps}
			}
			out = append(out, r)
		}
	}
	return out
}

func steadyRecord(s lifetime.Summary) SteadyStateRecord {
	r := SteadyStateRecord{Processes: s.Processes, Classes: map[string]int{}}
	for _, c := range lifetime.Classes() {
		r.Classes[string(c)] = s.Classes[c]
	}
	r.Start, r.StartNs, r.LevelNs = medianRecord(s.Start), medianRecord(s.StartNs), medianRecord(s.LevelNs)
	return r
}

func medianRecord(m lifetime.Median) MedianRecord {
	return MedianRecord{N: m.N, Center: finite(m.Center), Lo: finite(m.Lo), Hi: finite(m.Hi)}
}
