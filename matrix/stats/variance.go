package stats

import (
	"math"
)

// Levels are the standard deviations (of a natural log, x 100 is about percent) that each level of the
// measurement adds to one observation: Within is the noise inside one process at the run's operations per
// process (what the timeline's bins see, averaged over the process), Process the spread between two fresh
// processes of one round beyond it (layout, start-up: the pair's own noise), Round the spread between
// rounds beyond both (the machine's speed over the run), Instance the spread between runner instances
// beyond all three. A level that cannot be estimated (too few processes, rounds or instances) is NaN; a
// level whose estimate came out negative (its variance is smaller than the noise of the levels below
// it) is 0.
type Levels struct {
	Within, Process, Round, Instance float64
}

// nestedSums accumulates one cell group's sums of squares, level by level, over its cells (each cell,
// candidate and instance has its own mean; only the spreads around them are pooled).
type nestedSums struct {
	binSS, binDF  float64 // within-process residuals (process x bin), weighted by each bin's operations
	invOps, procs float64 // sum of 1/ops over processes with a timeline, and their count

	aaSS, aaDF       float64 // A/A log ratio around its cell mean: twice (process + within)
	roundSS, roundDF float64 // A/A round means around their instance mean
	ctrlSS, ctrlDF   float64 // control's log time around its instance mean (round + process + within)
	ctrlInst         meanSpread

	ratioSS, ratioDF float64 // candidates' log ratios around their instance mean
	ratioInst        meanSpread
}

// meanSpread pools the spread of instance means around their cell's mean, and how many rounds each mean
// averaged (for the harmonic mean the instance level is corrected with).
type meanSpread struct {
	ss, df       float64
	invRounds, n float64
}

// add takes one cell's (or cell and candidate's) instance means and their round counts.
func (m *meanSpread) add(means, rounds []float64) {
	if len(means) < 2 {
		return
	}
	c := mean(means)
	for i, x := range means {
		m.ss += (x - c) * (x - c)
		m.invRounds += 1 / rounds[i]
		m.n++
	}
	m.df += float64(len(means) - 1)
}

// spread is the instance means' pooled variance and the harmonic mean of their round counts.
func (m meanSpread) spread() (variance, rounds float64) {
	if m.df == 0 {
		return math.NaN(), math.NaN()
	}
	return m.ss / m.df, m.n / m.invRounds
}

// ratio returns a/b, NaN when b is 0 (no degrees of freedom: nothing estimated).
func ratio(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return a / b
}

// sdOf is the standard deviation of a variance component: 0 when the method-of-moments estimate is
// negative, NaN when it is unknown.
func sdOf(v float64) float64 {
	if math.IsNaN(v) {
		return v
	}
	return math.Sqrt(max(v, 0))
}

// levels solves the sums for control's log time and for the log ratio. For control: the A/A pairs
// (control and aa, the same binary in one round) give twice the process variance (plus within); their
// round means give the round variance plus half the process one; instance means of control give the
// instance variance plus a 1/rounds share of everything below. For the log ratio, the process level is
// the A/A's (a candidate process is assumed as noisy as a control one), the round level what the
// candidates' pairs vary beyond it, the instance level as for control.
func (n *nestedSums) levels() (withinPerOp float64, ctrl, logRatio Levels) {
	perOp := ratio(n.binSS, n.binDF) // variance of one operation's log time, as bins of n ops see it / n
	w := perOp * ratio(n.invOps, n.procs)
	wSub := w // without timelines the process level keeps the within-process noise
	if math.IsNaN(w) {
		wSub = 0
	}
	aa := ratio(n.aaSS, n.aaDF)
	proc := aa/2 - wSub
	round := ratio(n.roundSS, n.roundDF) - aa/4
	ctrlWithin := ratio(n.ctrlSS, n.ctrlDF)
	if math.IsNaN(round) { // no A/A: rounds and processes together
		round = ctrlWithin - wSub
	}
	ctrl = Levels{Within: sdOf(w), Process: sdOf(proc), Round: sdOf(round)}
	if v, r := n.ctrlInst.spread(); !math.IsNaN(v) {
		ctrl.Instance = sdOf(v - ctrlWithin/r)
	} else {
		ctrl.Instance = math.NaN()
	}
	pairs := ratio(n.ratioSS, n.ratioDF)
	logRatio = Levels{Within: sdOf(2 * w), Process: sdOf(2 * proc), Round: sdOf(pairs - aa)}
	if math.IsNaN(aa) { // no A/A: rounds and processes together, as for control
		logRatio.Round = sdOf(pairs - 2*wSub)
	}
	if v, r := n.ratioInst.spread(); !math.IsNaN(v) {
		logRatio.Instance = sdOf(v - pairs/r)
	} else {
		logRatio.Instance = math.NaN()
	}
	return math.Sqrt(perOp), ctrl, logRatio
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// sumSq is the sum of squares of xs around their mean.
func sumSq(xs []float64) float64 {
	c, s := mean(xs), 0.0
	for _, x := range xs {
		s += (x - c) * (x - c)
	}
	return s
}
