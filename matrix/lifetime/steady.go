package lifetime

import (
	"math"
	"slices"
)

// Class is how a process's per-operation cost behaves, in Barrett et al.'s terms ("Virtual Machine
// Warmup Blows Hot and Cold", OOPSLA 2017).
type Class string

const (
	Flat          Class = "flat"            // one level from the first operation
	Warmup        Class = "warmup"          // earlier segments slower, then a steady state
	Slowdown      Class = "slowdown"        // the steady state is slower than an earlier segment
	NoSteadyState Class = "no steady state" // the last segment is too short to call steady
)

// Classes lists the classes in the order reports show them.
func Classes() []Class { return []Class{Flat, Warmup, Slowdown, NoSteadyState} }

// The segmentation's settings; METHOD.md ("Steady state") says how they were chosen and what accuracy
// they gave on synthetic series.
const (
	// PenaltyFactor scales the BIC-style penalty PenaltyFactor * sigma^2 * ln(ops) per changepoint.
	// BIC's own factor for a mean and a location is 2; operation durations are heavier-tailed than
	// normal, so the factor is doubled: on the synthetic series (METHOD.md) 4 misclassified exact
	// series within one process of 400 as rarely as 8 and 15 did, and bins-only series half as often as 8.
	PenaltyFactor = 4.0
	// MinSigma floors the robust noise estimate (log scale, 1%): a noiseless or rounded series must not
	// turn every tiny step into a changepoint.
	MinSigma = 0.01
	// EquivalentRatio: two segments whose mean durations differ by less than 10% are one level, as the
	// report's cold-start tolerance (a bin's median spread between rounds on a shared machine).
	EquivalentRatio = 1.10
	// SteadyShare is the share of the measured operations the last segment must hold to be a steady
	// state: Barrett et al. required the last 500 of 2,000 iterations.
	SteadyShare = 0.25
	// SpikePoints is the longest run of points inside a level that is taken for an outlier (a preempted
	// or interrupted operation), not a phase of its own.
	SpikePoints = 3
)

// Segment is a run of operations at one level: the 0-based index of its first operation, how many, and
// their mean duration.
type Segment struct {
	First  int     `json:"first"`
	Ops    int     `json:"ops"`
	MeanNs float64 `json:"meanNs"`
	points int
	logSum float64 // sum of weight * log mean over its points, for equivalence on the log scale
}

func (g Segment) logMean() float64 { return g.logSum / float64(g.Ops) }

// Steady is one process's segmentation and class. Start is the number of operations before the steady
// state (0 for flat; the steady state begins at operation Start+1), StartNs their summed duration, and
// LevelNs the steady state's mean duration per operation. For NoSteadyState, Start, StartNs and
// LevelNs describe the last segment and are not a steady state.
type Steady struct {
	Class        Class     `json:"class"`
	Start        int       `json:"start"`
	StartNs      float64   `json:"startNs"`
	LevelNs      float64   `json:"levelNs"`
	Segments     []Segment `json:"segments"`
	Sigma        float64   `json:"sigma"`        // the robust noise estimate used (log scale)
	Changepoints int       `json:"changepoints"` // PELT's, before merging equivalent levels
}

// Classify segments s on the log scale with PELT (weights: each point's operations) and classifies it.
func Classify(s Series) (Steady, error) {
	if len(s.Points) == 0 {
		return Steady{}, errEmpty
	}
	y, w := s.logs()
	sigma := noise(s, y, w)
	ends := pelt(y, w, PenaltyFactor*sigma*sigma*math.Log(float64(max(s.Ops, 2))))
	var segs []Segment
	start := 0
	for _, e := range ends {
		segs = append(segs, segment(s, y, start, e))
		start = e
	}
	st := Steady{Sigma: sigma, Changepoints: len(ends) - 1}
	segs = mergeEquivalent(segs)
	segs = absorbSpikes(segs)
	st.Segments = segs
	last := segs[len(segs)-1]
	st.Start, st.StartNs, st.LevelNs = last.First, s.TotalNs(last.First), last.MeanNs
	switch {
	case float64(last.Ops) < SteadyShare*float64(s.Ops) || (last.points < 2 && len(segs) > 1):
		st.Class = NoSteadyState
	case len(segs) == 1:
		st.Class = Flat
	default:
		st.Class = Flat
		for _, g := range segs[:len(segs)-1] {
			switch {
			case equivalent(g, last):
			case g.logMean() < last.logMean():
				st.Class = Slowdown
			case st.Class == Flat:
				st.Class = Warmup
			}
		}
		if st.Class == Flat {
			st.Start, st.StartNs = 0, 0
		}
	}
	return st, nil
}

// noise is the robust standard deviation of one operation's log duration: the median absolute
// standardised difference of consecutive points, divided by 0.6745 (the normal's quartile), from the
// exact points when there are enough, else from all. Differences cancel the level, so a changepoint
// moves only one of them.
func noise(s Series, y, w []float64) float64 {
	n := len(y)
	if s.Exact > 0 {
		exactPoints := 0
		for _, p := range s.Points {
			if p.End() <= s.Exact {
				exactPoints++
			}
		}
		if exactPoints >= 8 {
			n = exactPoints
		}
	}
	var z []float64
	for i := 1; i < n; i++ {
		z = append(z, math.Abs(y[i]-y[i-1])/math.Sqrt(1/w[i]+1/w[i-1]))
	}
	if len(z) == 0 {
		return MinSigma
	}
	slices.Sort(z)
	med := z[len(z)/2]
	if len(z)%2 == 0 {
		med = (z[len(z)/2-1] + z[len(z)/2]) / 2
	}
	return max(MinSigma, med/0.6745)
}

func segment(s Series, y []float64, a, b int) Segment {
	g := Segment{First: s.Points[a].First, points: b - a}
	var ns float64
	for i := a; i < b; i++ {
		p := s.Points[i]
		g.Ops += p.Ops
		ns += float64(p.Ops) * p.MeanNs
		g.logSum += float64(p.Ops) * y[i]
	}
	g.MeanNs = ns / float64(g.Ops)
	return g
}

func join(a, b Segment) Segment {
	ns := a.MeanNs*float64(a.Ops) + b.MeanNs*float64(b.Ops)
	g := Segment{First: a.First, Ops: a.Ops + b.Ops, points: a.points + b.points, logSum: a.logSum + b.logSum}
	g.MeanNs = ns / float64(g.Ops)
	return g
}

func equivalent(a, b Segment) bool {
	return math.Abs(a.logMean()-b.logMean()) < math.Log(EquivalentRatio)
}

// mergeEquivalent joins adjacent equivalent segments, closest pair first, until no adjacent pair is.
func mergeEquivalent(segs []Segment) []Segment {
	for {
		best, at := math.Inf(1), -1
		for i := 1; i < len(segs); i++ {
			if d := math.Abs(segs[i].logMean() - segs[i-1].logMean()); equivalent(segs[i-1], segs[i]) && d < best {
				best, at = d, i
			}
		}
		if at < 0 {
			return segs
		}
		segs[at-1] = join(segs[at-1], segs[at])
		segs = slices.Delete(segs, at, at+1)
	}
}

// absorbSpikes joins a short run of segments (at most SpikePoints points in all, never the first
// segment: the first operations are the cold start being measured) into its neighbours when they are one
// level: a preempted operation and the slow one after it are an outlier, not two phases.
func absorbSpikes(segs []Segment) []Segment {
	for i := 1; i+1 < len(segs); {
		absorbed := false
		points := 0
		for j := i; j+1 < len(segs) && points+segs[j].points <= SpikePoints; j++ {
			points += segs[j].points
			if equivalent(segs[i-1], segs[j+1]) {
				g := segs[i-1]
				for k := i; k <= j+1; k++ {
					g = join(g, segs[k])
				}
				segs = mergeEquivalent(slices.Replace(segs, i-1, j+2, g))
				absorbed = true
				break
			}
		}
		if absorbed {
			i = 1
			continue
		}
		i++
	}
	return segs
}
