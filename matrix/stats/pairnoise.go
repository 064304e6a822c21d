package stats

import (
	"math"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
)

// PairNoise is one comparison's noise per pair and what it buys per runner-second: what the
// alternating and duet designs are compared on (lab pairnoise, docs/METHOD.md "Duet pairs").
type PairNoise struct {
	Cell      matrix.Cell
	Candidate string
	Pairing   string  // the pairs' matrix.Sample.Pairing: "duet", "alternating", "mixed" or "" (none recorded)
	Pairs     int     // pairs with a log ratio
	SD        float64 // standard deviation of the per-pair log ratio
	Estimate  float64 // Hodges-Lehmann change, percent
	Lo, Hi    float64 // its 95% signed-rank interval, percent
	// Seconds is the runner time the pairs took: per pair, from the first process's start to the last
	// one's end (one process after the other, or both at once).
	Seconds float64
}

// DetectableZ is z(0.975) + z(DetectPower), 2.80: a change of DetectableZ x SD / sqrt(n) is found with
// 80% power by a two-sided test at 5% on n pairs (the normal approximation, unadjusted: a design's
// noise, not a family's decision, as Delta.Detectable is).
var DetectableZ = normalQuantile(0.975) + normalQuantile(DetectPower)

// Detectable is the smallest change (as a log ratio) the pairs detect with 80% power at 5%.
func (p PairNoise) Detectable() float64 { return DetectableZ * p.SD / math.Sqrt(float64(p.Pairs)) }

// DetectablePerMinute is Detectable scaled to one runner-minute of pairs: what the design buys for the
// same time, whatever its rounds took.
func (p PairNoise) DetectablePerMinute() float64 {
	return p.Detectable() * math.Sqrt(p.Seconds/60)
}

// PairNoises lists the primary metric's comparisons (Elapsed) with their per-pair noise, in cell order.
func (a *Analysis) PairNoises() []PairNoise {
	var out []PairNoise
	for _, c := range a.Cells {
		control := c.Variant(a.Control)
		for _, d := range c.Deltas {
			if d.Metric != Elapsed.Name || control == nil {
				continue
			}
			cand := c.Variant(d.Candidate)
			p := PairNoise{Cell: c.Cell, Candidate: d.Candidate}
			var logs []float64
			for _, pr := range d.Pairs {
				if pr.Ratio > 0 {
					logs = append(logs, math.Log(pr.Ratio))
				}
				s, t := control.byRound[pr.RoundID], cand.byRound[pr.RoundID]
				start, end := s.Start, s.Start.Add(time.Duration(s.WallNs))
				if t.Start.Before(start) {
					start = t.Start
				}
				if e := t.Start.Add(time.Duration(t.WallNs)); e.After(end) {
					end = e
				}
				if !s.Start.IsZero() && !t.Start.IsZero() {
					p.Seconds += end.Sub(start).Seconds()
				}
				switch {
				case p.Pairing == "":
					p.Pairing = s.Pairing
				case p.Pairing != s.Pairing:
					p.Pairing = "mixed"
				}
			}
			p.Pairs = len(logs)
			p.SD = math.NaN()
			if len(logs) > 1 {
				p.SD = math.Sqrt(sumSq(logs) / float64(len(logs)-1))
			}
			p.Estimate, p.Lo, p.Hi = d.Percent()
			out = append(out, p)
		}
	}
	return out
}
