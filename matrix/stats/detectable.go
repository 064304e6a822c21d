package stats

import (
	"math"
)

// DetectPower is the probability with which the smallest detectable change is decided.
const DetectPower = 0.8

// Detectable is the smallest change (percent, slower) the delta's decision would name with probability
// DetectPower at its family's adjusted level: (q(1 - a/2) + q(DetectPower)) standard errors of its
// log-ratio estimate, a = 1 - AdjustedConfidence, q Student's t on the moderated combination's degrees of
// freedom for a merged run (the normal distribution for one instance, whose standard error is the one its
// 95% signed-rank interval implies). NaN without an interval.
func (d *Delta) Detectable() float64 {
	se, df := d.detectSE()
	if math.IsNaN(se) {
		return math.NaN()
	}
	return detectablePct(se, df, d.AdjustedConfidence())
}

// detectSE is the standard error the decision works with and its degrees of freedom (+Inf: normal).
func (d *Delta) detectSE() (se, df float64) {
	if d.Instances.Decides() {
		m := d.Instances.Moderated
		return m.SE(), m.DF
	}
	if !d.Paired() || d.Log.Thin() {
		return math.NaN(), 0
	}
	return (d.Log.Hi - d.Log.Lo) / (2 * normalQuantile((1+d.Log.Confidence)/2)), math.Inf(1)
}

func detectablePct(se, df, conf float64) float64 {
	k := studentQuantile(df, 1-(1-conf)/2) + studentQuantile(df, DetectPower)
	return pct(math.Exp(k * se))
}

// FamilyDetectable is the elapsed-time family's smallest detectable change (Delta.Detectable, median over
// its comparisons with an interval) and, for a merged run, what it would be with other numbers of
// instances and rounds: the variance of one instance's estimate split into the within-instance part (the
// median over comparisons of the instances' own squared standard errors, which falls with rounds) and the
// between-instance rest (which does not), the prior's degrees of freedom kept.
type FamilyDetectable struct {
	Percent    float64 // median Detectable; NaN without comparisons
	Confidence float64 // the family's adjusted level
	K, Rounds  int     // instances and rounds per instance of the run (K 1: no projection)
	// Within and Between are the variance components of one instance's log-ratio estimate at Rounds
	// rounds; PriorDF the moderated prior's degrees of freedom (median over the family).
	Within, Between, PriorDF float64
}

// Project is the family's smallest detectable change with k instances of rounds rounds each (NaN for a
// run of one instance).
func (f FamilyDetectable) Project(k, rounds int) float64 {
	if f.K < 2 || k < 2 || rounds < 1 {
		return math.NaN()
	}
	v := f.Between + f.Within*float64(f.Rounds)/float64(rounds)
	return detectablePct(math.Sqrt(v/float64(k)), f.PriorDF+float64(k-1), f.Confidence)
}

// Detectable measures the elapsed-time family's smallest detectable change.
func (a *Analysis) Detectable() FamilyDetectable {
	f := FamilyDetectable{Percent: math.NaN(), Confidence: 1 - a.Alpha, K: 1}
	var all, post, within, dfs []float64
	for _, c := range a.Cells {
		for _, d := range c.Deltas {
			if d.Metric != Elapsed.Name {
				continue
			}
			f.Confidence = d.AdjustedConfidence()
			if x := d.Detectable(); !math.IsNaN(x) {
				all = append(all, x)
			}
			if !d.Instances.Decides() {
				continue
			}
			m := d.Instances.Moderated
			f.K = max(f.K, m.K)
			post, dfs = append(post, m.Post), append(dfs, m.Prior.DF)
			var w float64
			n := 0
			for _, e := range d.Instances.Per {
				if !math.IsNaN(e.SE) {
					w, n = w+e.SE*e.SE, n+1
					f.Rounds = max(f.Rounds, e.Pairs)
				}
			}
			if n > 0 {
				within = append(within, w/float64(n))
			}
		}
	}
	if len(all) > 0 {
		f.Percent = medianOf(all)
	}
	if len(post) > 0 && len(within) > 0 {
		total := medianOf(post)
		f.Within = math.Min(medianOf(within), total)
		f.Between = total - f.Within
		f.PriorDF = medianOf(dfs)
	} else {
		f.K = 1
	}
	return f
}

// DetectableGrid is the K and rounds a projection table shows.
var DetectableGrid = struct{ K, RoundsFactor []int }{K: []int{2, 3, 5, 8}, RoundsFactor: []int{1, 2, 4}}
