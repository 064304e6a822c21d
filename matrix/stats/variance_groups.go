package stats

import (
	"maps"
	"math"
	"slices"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// MinBinOps is the fewest operations a timeline bin must hold to enter the within-process level: the first
// bins hold one to a few operations each, whose times are outliers of their own (a first call, a page
// fault), not the process's noise.
const MinBinOps = 64

// VarianceGroup is the variance components of one cell group: the cells of one platform, backend,
// workload and phase whose DOPs measure latency (at most the processors) or, Contention, throughput
// under contention. Ratio is of the log ratio of a candidate to control in one round, pooled over the
// candidates (aa included); Control of control's log time per operation. WithinPerOp is the within-process
// standard deviation scaled to one operation (Ratio.Within and Control.Within are it at the run's
// operations per process: a process of n operations carries WithinPerOp / sqrt(n)).
type VarianceGroup struct {
	Platform, Backend, Workload, Phase string
	Contention                         bool
	DOPs                               []int
	Ops                                int // the most common measured operations per process
	Instances, Rounds, Processes       int // runner instances, rounds (summed over cells), usable processes
	WithinPerOp                        float64
	Ratio, Control                     Levels
	Cost                               LevelCost
}

// LevelCost is what one more unit of each level cost in the run, in seconds of runner time: a process
// (its wall time, start-up included), a round of one cell (every variant's process), an instance (the
// runner instance's whole span, every cell). Overhead is a process's wall time outside its measured
// region (start-up, warm-up, exit), the part of Process that does not grow with the operations.
type LevelCost struct {
	Process, Round, Instance, Overhead float64
}

type groupKey struct {
	Platform, Backend, Workload, Phase string
	Contention                         bool
}

// VarianceComponents estimates, per cell group, how much each level of the measurement - within a
// process, between the processes of a round, between rounds, between runner instances - adds to a pair's
// log ratio and to control's log time, by the method of moments on the nested design (Kalibera and Jones,
// ISMM 2013), with what each level cost in this run. Groups are in the analysis' cell order.
func (a *Analysis) VarianceComponents() []VarianceGroup {
	spans := runSpans(a)
	var out []VarianceGroup
	sums := map[groupKey]*nestedSums{}
	costs := map[groupKey]*costSums{}
	for _, c := range a.Cells {
		control := c.Variant(a.Control)
		if control == nil {
			continue
		}
		k := groupKey{c.Platform, c.Backend, c.Workload, c.Phase, c.Oversubscribed()}
		if sums[k] == nil {
			sums[k], costs[k] = &nestedSums{}, &costSums{runs: map[string]bool{}, ops: map[int]int{}}
			out = append(out, VarianceGroup{Platform: k.Platform, Backend: k.Backend, Workload: k.Workload, Phase: k.Phase, Contention: k.Contention})
		}
		g := &out[slices.IndexFunc(out, func(g VarianceGroup) bool { return g.key() == k })]
		g.DOPs = append(g.DOPs, c.DOP)
		addCell(sums[k], c, control)
		costs[k].add(c)
	}
	for i := range out {
		g := &out[i]
		k := g.key()
		g.WithinPerOp, g.Control, g.Ratio = sums[k].levels()
		cs := costs[k]
		g.Instances, g.Rounds, g.Processes = len(cs.runs), cs.rounds, int(cs.procs)
		g.Ops = mostCommon(cs.ops)
		g.Cost = LevelCost{Process: cs.wall / cs.procs, Round: cs.roundWall / float64(cs.rounds), Overhead: cs.overhead / cs.procs}
		g.Cost.Instance = math.NaN() // runs older than the samples' start times
		var inst []float64
		for _, r := range slices.Sorted(maps.Keys(cs.runs)) { // in order, as above
			if s, ok := spans[r]; ok {
				inst = append(inst, s)
			}
		}
		if len(inst) > 0 {
			g.Cost.Instance = mean(inst)
		}
		slices.Sort(g.DOPs)
	}
	return out
}

func (g VarianceGroup) key() groupKey {
	return groupKey{g.Platform, g.Backend, g.Workload, g.Phase, g.Contention}
}

// logTime is a sample's log time per operation.
func logTime(r *hostresult.Result) float64 { return math.Log(float64(r.ElapsedNs) / float64(r.Ops)) }

// addCell adds one cell's usable samples to the group's sums.
func addCell(n *nestedSums, c *Cell, control *Variant) {
	for _, v := range c.Variants {
		addWithin(n, v)
	}
	aa := c.Variant(matrix.AA)
	var ds []float64
	roundMeans := map[string][]float64{}
	for _, id := range sortedRounds(control.byRound) {
		y := logTime(control.byRound[id].Result)
		if aa != nil {
			if s, ok := aa.byRound[id]; ok {
				z := logTime(s.Result)
				ds = append(ds, z-y)
				roundMeans[id.Run] = append(roundMeans[id.Run], (z+y)/2)
			}
		}
	}
	if len(ds) > 1 {
		n.aaSS += sumSq(ds)
		n.aaDF += float64(len(ds) - 1)
	}
	for _, run := range slices.Sorted(maps.Keys(roundMeans)) { // in order: the sums come out the same every time
		if ms := roundMeans[run]; len(ms) > 1 {
			n.roundSS += sumSq(ms)
			n.roundDF += float64(len(ms) - 1)
		}
	}
	ctrl := perInstance(control, nil)
	n.ctrlSS, n.ctrlDF = n.ctrlSS+ctrl.ss, n.ctrlDF+ctrl.df
	n.ctrlInst.add(ctrl.means, ctrl.rounds)
	for _, v := range c.Variants {
		if v == control {
			continue
		}
		x := perInstance(v, control)
		n.ratioSS, n.ratioDF = n.ratioSS+x.ss, n.ratioDF+x.df
		n.ratioInst.add(x.means, x.rounds)
	}
}

// instanceSplit is one variant's per-round values split by runner instance: the pooled sum of squares
// around each instance's mean, and each instance's mean and round count.
type instanceSplit struct {
	ss, df        float64
	means, rounds []float64
}

// perInstance splits v's log time per operation by instance - or, given control, v's log ratio to
// control over the rounds both have.
func perInstance(v, control *Variant) instanceSplit {
	byRun := map[string][]float64{}
	var runs []string
	for _, id := range sortedRounds(v.byRound) {
		y := logTime(v.byRound[id].Result)
		if control != nil {
			s, ok := control.byRound[id]
			if !ok {
				continue
			}
			y -= logTime(s.Result)
		}
		if _, seen := byRun[id.Run]; !seen {
			runs = append(runs, id.Run)
		}
		byRun[id.Run] = append(byRun[id.Run], y)
	}
	var out instanceSplit
	for _, r := range runs {
		ys := byRun[r]
		if len(ys) > 1 {
			out.ss += sumSq(ys)
			out.df += float64(len(ys) - 1)
		}
		out.means = append(out.means, mean(ys))
		out.rounds = append(out.rounds, float64(len(ys)))
	}
	return out
}

// addWithin adds one variant's within-process residuals. A process's measured operations (those in bins
// of at least MinBinOps) are cut in two halves at a bin boundary, the later bins against the earlier
// ones; each half's log time is y_j = a + b_j + e_j with var(e_j) = s^2 / n_j (s: one operation's
// share). Relative to the process's ops-weighted mean, each half varies across processes by
// s^2 (1/n_j - 1/N), so sum_j n_j S_j^2 is s^2 without bias whatever the common shape b_j (a cold
// start is slow in every process), and a process of N operations carries s^2 / N. Two halves rather
// than every bin: successive bins of one process are not independent (the machine's speed drifts within
// it), and small bins weighted by their operations would make the drift look like per-operation noise.
// Processes are grouped by their operations, so that their halves line up.
func addWithin(n *nestedSums, v *Variant) {
	byOps := map[int][]*hostresult.Result{}
	for _, id := range sortedRounds(v.byRound) { // in order: the sums come out the same every time
		if r := v.byRound[id].Result; len(r.TimelineNs) > 0 && r.Ops > 0 {
			byOps[r.Ops] = append(byOps[r.Ops], r)
		}
	}
	for _, ops := range slices.Sorted(maps.Keys(byOps)) {
		rs := byOps[ops]
		halves, sizes, found := halvesOf(ops)
		if !found || len(rs) < 2 {
			continue
		}
		total := float64(sizes[0] + sizes[1])
		var dev [2][]float64 // dev[j][p]: half j's log time in process p minus p's weighted mean
		for _, r := range rs {
			var ys [2]float64
			ok := len(r.TimelineNs) == hostresult.Bins(ops)
			for j := range halves {
				ns := int64(0)
				for _, k := range halves[j] {
					if !ok || r.TimelineNs[k] <= 0 {
						ok = false
						break
					}
					ns += r.TimelineNs[k]
				}
				if ok {
					ys[j] = math.Log(float64(ns) / float64(sizes[j]))
				}
			}
			if !ok {
				continue
			}
			m := (float64(sizes[0])*ys[0] + float64(sizes[1])*ys[1]) / total
			for j := range halves {
				dev[j] = append(dev[j], ys[j]-m)
			}
			n.invOps += 1 / total
			n.procs++
		}
		if len(dev[0]) < 2 {
			continue
		}
		for j := range halves {
			n.binSS += float64(sizes[j]) * sumSq(dev[j])
		}
		n.binDF += float64(len(dev[0]) - 1)
	}
}

// halvesOf cuts the timeline bins of a phase of ops operations that hold at least MinBinOps into two
// halves, the later bins (from the last, until they hold half the operations) and the earlier ones, and
// says how many operations each holds; not found when there are fewer than two such bins.
func halvesOf(ops int) (halves [2][]int, sizes [2]int, found bool) {
	var bins []int
	all := 0
	for k := range hostresult.Bins(ops) {
		if b := hostresult.BinOps(k, ops); b >= MinBinOps {
			bins, all = append(bins, k), all+b
		}
	}
	if len(bins) < 2 {
		return halves, sizes, false
	}
	cut := len(bins) - 1
	for late := hostresult.BinOps(bins[cut], ops); 2*late < all && cut > 1; late += hostresult.BinOps(bins[cut], ops) {
		cut--
	}
	halves = [2][]int{bins[:cut], bins[cut:]}
	for j := range halves {
		for _, k := range halves[j] {
			sizes[j] += hostresult.BinOps(k, ops)
		}
	}
	return halves, sizes, true
}

// costSums accumulates a group's timings.
type costSums struct {
	wall, overhead, procs float64
	roundWall             float64
	rounds                int
	runs                  map[string]bool
	ops                   map[int]int
}

func (cs *costSums) add(c *Cell) {
	perRound := map[RoundID]float64{}
	var ids []RoundID
	for _, v := range c.Variants {
		for _, id := range sortedRounds(v.byRound) {
			s := v.byRound[id]
			w := float64(s.WallNs) / 1e9
			cs.wall += w
			cs.overhead += max(0, w-float64(s.Result.ElapsedNs)/1e9)
			cs.procs++
			cs.runs[id.Run] = true
			cs.ops[s.Result.Ops]++
			if _, seen := perRound[id]; !seen {
				ids = append(ids, id)
			}
			perRound[id] += w
		}
	}
	for _, id := range ids {
		cs.roundWall += perRound[id]
		cs.rounds++
	}
}

// runSpans is each run's span in seconds, first usable sample's start to last one's end.
func runSpans(a *Analysis) map[string]float64 {
	first, last := map[string]time.Time{}, map[string]time.Time{}
	for _, c := range a.Cells {
		for _, v := range c.Variants {
			for id, s := range v.byRound {
				if s.Start.IsZero() {
					continue
				}
				end := s.Start.Add(time.Duration(s.WallNs))
				if f, ok := first[id.Run]; !ok || s.Start.Before(f) {
					first[id.Run] = s.Start
				}
				if end.After(last[id.Run]) {
					last[id.Run] = end
				}
			}
		}
	}
	out := map[string]float64{}
	for r, f := range first {
		out[r] = last[r].Sub(f).Seconds()
	}
	return out
}

// mostCommon is the most frequent key (the smallest of a tie), 0 for none.
func mostCommon(m map[int]int) int {
	best, n := 0, 0
	for k, c := range m {
		if c > n || (c == n && k < best) {
			best, n = k, c
		}
	}
	return best
}
