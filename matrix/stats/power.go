package stats

import (
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
)

// PowerMultiple is the power gate: a run whose typical A/A interval (or, without the A/A control, the
// typical interval of its elapsed-time family) is wider than this many equivalence margins cannot decide
// the changes the lab is for. At the default ±2% margin that is 8 points: an interval that wide around no
// change cannot show a change of twice the margin, and no interval that wide can ever be equivalent
// (which needs at most 4). The quiet committed full run's A/A intervals are about 3 points wide; the quick
// profile under injected load (issue 27) had 20-150.
const PowerMultiple = 4

// CellRef names a cell in words a page prints.
type CellRef struct {
	Platform, Backend, Workload string
	DOP                         int
	Phase                       string
}

func refOf(c matrix.Cell) CellRef {
	return CellRef{Platform: c.Platform, Backend: c.Backend, Workload: c.Workload, DOP: c.DOP, Phase: c.Phase}
}

// Power is the run's power gate (Analysis.Power): the elapsed-time family's smallest detectable change
// (Detectable: what it decides with 80% probability at its level) against the smallest change a verdict
// is meant to name, twice the equivalence margin (Needed), and how wide its intervals are. Widths are in
// percentage points of the printed change (the adjusted interval's upper minus lower bound, +Inf without
// an interval).
//
// Invariants: Underpowered == (Basis != "" && !(Detectable.Percent <= Needed())); Basis is "aa" when
// AACells > 0, else "family" (or "" when the run has no elapsed-time comparison).
type Power struct {
	Margin   float64 // the equivalence margin, a fraction
	Multiple float64 // PowerMultiple
	// AAWidth and AAMaxWidth are the median and widest A/A interval; NaN without the A/A control.
	AAWidth, AAMaxWidth float64
	// AAWidth95 is the median width of the A/A intervals at 95%, before the family's adjustment: the
	// noise of one comparison, whatever the family's size (infinite with fewer than 6 pairs).
	AAWidth95    float64
	AACells      int       // A/A elapsed-time comparisons with data on both sides
	AAUnstable   []CellRef // A/A cells whose control or aa ran at two speeds
	FamilyWidth  float64   // median width over the whole elapsed-time family; NaN without one
	Basis        string
	Detectable   FamilyDetectable
	Underpowered bool
}

// Needed is the smallest change, in percent, the verdicts are meant to name: twice the equivalence
// margin (a change inside the margin is "equivalent" by design; one of twice the margin is the lab's
// question, as PowerMultiple's note says).
func (p Power) Needed() float64 { return 2 * p.Margin * 100 }

// Width is the width the gate reads: the A/A median when the run has the A/A control, else the family's.
func (p Power) Width() float64 {
	if p.Basis == "aa" {
		return p.AAWidth
	}
	return p.FamilyWidth
}

// Limit is the widest typical interval the gate allows, in percentage points.
func (p Power) Limit() float64 { return p.Multiple * p.Margin * 100 }

// Power measures the power gate on the elapsed-time family.
func (a *Analysis) Power() Power {
	p := Power{Margin: a.EquivMargin, Multiple: PowerMultiple, AAWidth: math.NaN(), AAMaxWidth: math.NaN(), AAWidth95: math.NaN(), FamilyWidth: math.NaN()}
	if p.Margin == 0 {
		p.Margin = DefaultEquivMargin
	}
	var aa, aa95, all []float64
	for _, c := range a.Cells {
		for _, d := range c.Deltas {
			if d.Metric != Elapsed.Name || d.Class() == NoData {
				continue
			}
			_, lo, hi := d.AdjustedPercent()
			w := hi - lo
			if math.IsNaN(w) {
				w = math.Inf(1)
			}
			all = append(all, w)
			if d.Candidate == matrix.AA {
				aa = append(aa, w)
				_, lo95, hi95 := d.Percent()
				aa95 = append(aa95, hi95-lo95)
				if d.Unstable {
					p.AAUnstable = append(p.AAUnstable, refOf(c.Cell))
				}
			}
		}
	}
	p.AACells = len(aa)
	if len(all) > 0 {
		p.FamilyWidth, p.Basis = medianOf(all), "family"
	}
	if len(aa) > 0 {
		p.AAWidth, p.AAMaxWidth, p.AAWidth95, p.Basis = medianOf(aa), slices.Max(aa), medianOf(aa95), "aa"
	}
	p.Detectable = a.Detectable()
	p.Underpowered = p.Basis != "" && !(p.Detectable.Percent <= p.Needed())
	return p
}

// medianOf is the median of xs (sorted in place), infinite values included.
func medianOf(xs []float64) float64 {
	slices.Sort(xs)
	return median(xs)
}
