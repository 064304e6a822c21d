package report

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// convergeTolerance is how close to its warm level a cold bin must be to count as converged: a tenth,
// about the spread of one bin's median between rounds on a shared machine.
const convergeTolerance = 0.10

// firstOps is how many of a process's first operations the first-operation table sums: the first 8,
// timeline bins 0 to 3.
const firstOps = 8

// coldStart is the report's view of a process's first operations: per timeline bin, per first operation
// and first 8, and the harness's own cost. Each part is a derived analysis (see derived) so that it gets
// the same medians, intervals and paired deltas as every other metric.
type coldStart struct {
	control  string
	ops      map[matrix.Cell]int // measured operations of a cold cell's samples (the largest seen)
	bins     []*stats.Analysis   // bins[k]: cold samples' bin k, ns/op
	warm     *stats.Analysis     // warm samples' whole timeline, ns/op: the level cold converges to
	first    *stats.Analysis     // cold samples' first operation, ns
	first8   *stats.Analysis     // cold samples' first 8 operations, summed, ns
	harness  []harnessLine
	fastest  fastestOp
	capacity *capacityView
	charts   []chart
	// skipped lists, per platform, the DOPs left out of the timeline analyses because they exceed the
	// processors (see oversubscribedSample), and procs the processors.
	skipped map[string][]int
	procs   map[string]int
}

// harnessLine is one run's recorded harness cost.
type harnessLine struct {
	Run string
	H   *matrix.Harness
}

// fastestOp is the lowest warm time per operation at DOP 1 in the report, to set the harness beside.
type fastestOp = stats.FastestOp

// newColdStart analyses the timeline parts of in's samples and draws their charts. Samples from hosts
// without a timeline (older results) are left out of these sections only.
func newColdStart(in *inputs, a *stats.Analysis) (*coldStart, error) {
	cs := &coldStart{control: a.Control, ops: map[matrix.Cell]int{}, skipped: map[string][]int{}, procs: map[string]int{}}
	var err error
	maxBins := 0
	for _, s := range in.Samples {
		if oversubscribedSample(s) && !slices.Contains(cs.skipped[s.Cell.Platform], s.Cell.DOP) {
			cs.skipped[s.Cell.Platform] = append(cs.skipped[s.Cell.Platform], s.Cell.DOP)
			cs.procs[s.Cell.Platform] = max(cs.procs[s.Cell.Platform], s.Result.Env.NumCPU)
		}
	}
	for _, dops := range cs.skipped {
		slices.Sort(dops)
	}
	for _, s := range in.Samples {
		if s.OK && s.Result != nil && s.Cell.Phase == hostresult.Cold {
			maxBins = max(maxBins, len(s.Result.TimelineNs))
			cs.ops[s.Cell] = max(cs.ops[s.Cell], s.Result.Ops)
		}
	}
	for k := range maxBins {
		an, err := derived(a.EquivMargin, in.Samples, hostresult.Cold, func(r *hostresult.Result) (int64, int, bool) {
			if k >= len(r.TimelineNs) {
				return 0, 0, false
			}
			return r.TimelineNs[k], hostresult.BinOps(k, r.Ops), true
		})
		if err != nil {
			return nil, err
		}
		cs.bins = append(cs.bins, an)
	}
	if cs.warm, err = derived(a.EquivMargin, in.Samples, hostresult.Warm, func(r *hostresult.Result) (int64, int, bool) {
		var sum int64
		for _, ns := range r.TimelineNs {
			sum += ns
		}
		return sum, r.Ops, len(r.TimelineNs) > 0
	}); err != nil {
		return nil, err
	}
	// Totals are analysed as one "operation" so that ns/op is the total.
	if cs.first, err = derived(a.EquivMargin, in.Samples, hostresult.Cold, func(r *hostresult.Result) (int64, int, bool) {
		return firstN(r, 1)
	}); err != nil {
		return nil, err
	}
	if cs.first8, err = derived(a.EquivMargin, in.Samples, hostresult.Cold, func(r *hostresult.Result) (int64, int, bool) {
		return firstN(r, firstOps)
	}); err != nil {
		return nil, err
	}
	for _, src := range in.Sources {
		if src.Manifest != nil && src.Manifest.Harness != nil {
			cs.harness = append(cs.harness, harnessLine{Run: src.Manifest.Run, H: src.Manifest.Harness})
		}
	}
	cs.fastest = fastest(a)
	if cs.capacity, err = newCapacityView(a); err != nil {
		return nil, err
	}
	if cs.charts, err = cs.draw(); err != nil {
		return nil, err
	}
	return cs, nil
}

// firstN is the summed duration of the first n operations, as one: n must cover whole bins (1, 2, 4, 8...).
func firstN(r *hostresult.Result, n int) (int64, int, bool) {
	if r.Ops < n || len(r.TimelineNs) < hostresult.Bins(n) {
		return 0, 0, false
	}
	var sum int64
	for _, ns := range r.TimelineNs[:hostresult.Bins(n)] {
		sum += ns
	}
	return sum, 1, true
}

// oversubscribedSample reports whether s ran more workers than its machine's processors: its operations'
// durations then include waiting for a processor, so per-operation analyses leave it out.
func oversubscribedSample(s matrix.Sample) bool {
	return s.OK && s.Result != nil && s.Result.Env.NumCPU > 0 && s.Cell.DOP > s.Result.Env.NumCPU
}

// derived analyses the usable samples of phase after replacing each Result's elapsed time and operation
// count by what part picks out of it (a timeline bin, the first operations), so that the part gets the
// same medians, intervals and paired deltas as the whole; stats.ElapsedPerOp is then the part's ns/op.
// Samples part declines, failed samples and oversubscribed ones are left out. It returns nil when nothing is left.
func derived(margin float64, samples []matrix.Sample, phase string, part func(r *hostresult.Result) (ns int64, ops int, ok bool)) (*stats.Analysis, error) {
	var out []matrix.Sample
	for _, s := range samples {
		if !s.OK || s.Result == nil || s.Cell.Phase != phase || oversubscribedSample(s) {
			continue
		}
		ns, ops, ok := part(s.Result)
		if !ok || ops < 1 || ns <= 0 {
			continue
		}
		r := *s.Result
		r.ElapsedNs, r.Ops = ns, ops
		s.Result = &r
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return stats.Analyze(out, stats.Options{EquivMargin: margin})
}

// fastest finds the lowest median warm ns/op at DOP 1 (stats.Analysis.Fastest).
func fastest(a *stats.Analysis) fastestOp { return a.Fastest() }

// cellOf finds a's cell like c, in phase.
func cellOf(a *stats.Analysis, c matrix.Cell, phase string) *stats.Cell {
	if a == nil {
		return nil
	}
	c.Phase = phase
	for _, x := range a.Cells {
		if x.Cell == c {
			return x
		}
	}
	return nil
}

// perOp is v's ns/op estimate in cell c of a, or an empty one.
func perOp(a *stats.Analysis, c matrix.Cell, phase, variant string) stats.Estimate {
	if x := cellOf(a, c, phase); x != nil {
		if v := x.Variant(variant); v != nil {
			return v.Metrics[stats.ElapsedPerOp.Name]
		}
	}
	return stats.Estimate{Center: math.NaN()}
}

// deltaOf is candidate's ns/op delta in cell c of a, or nil.
func deltaOf(a *stats.Analysis, c matrix.Cell, phase, candidate string) *stats.Delta {
	if x := cellOf(a, c, phase); x != nil {
		return x.Delta(candidate, stats.ElapsedPerOp.Name)
	}
	return nil
}

// us scales an ns estimate to µs for printing.
func us(e stats.Estimate) stats.Estimate {
	e.Center, e.Lo, e.Hi = e.Center/1e3, e.Lo/1e3, e.Hi/1e3
	return e
}

// converged is the first operation number from which no cold bin is significantly slower than the
// variant's warm level plus convergeTolerance - every later bin's interval reaches down to it (a thin
// bin: its median does) - or 0 when the last bin is still slower. Cold bins faster than warm count as
// converged: the cold start's cost is over, whatever else makes the warm phase slower.
func (cs *coldStart) converged(c matrix.Cell, variant string) int {
	w := perOp(cs.warm, c, hostresult.Warm, variant)
	if w.Empty() {
		return 0
	}
	limit := w.Center * (1 + convergeTolerance)
	from := 0
	for k, an := range cs.bins {
		e := perOp(an, c, hostresult.Cold, variant)
		low := e.Lo
		if e.Thin() {
			low = e.Center
		}
		switch {
		case e.Empty():
			continue
		case low <= limit:
			if from == 0 {
				from, _ = hostresult.BinRange(k)
			}
		default:
			from = 0
		}
	}
	return from
}

// write prints the cold-start section: the harness, then per cold cell the first-operation table.
func (cs *coldStart) write(w io.Writer) {
	fmt.Fprintf(w, "## First operations of a process\n\n")
	cs.writeHarness(w)
	for _, p := range slices.Sorted(maps.Keys(cs.skipped)) {
		fmt.Fprintf(w, "**%s: DOP %s are left out of the timelines and first operations.** They run more workers than "+
			"the %s, so an operation's duration there includes the time its worker waited for a processor: a "+
			"timeline would measure the scheduler's queue, not the allocator, and its per-operation times would not "+
			"match the elapsed tables' throughput (wall time per operation across the workers). Their cold phase is "+
			"in the elapsed tables, as throughput.\n\n", p, andList(cs.skipped[p]), plural(cs.procs[p], "processor"))
	}
	if cs.first == nil {
		fmt.Fprintf(w, "No sample carries a per-operation timeline (results from hosts before it was recorded).\n\n")
		return
	}
	fmt.Fprintf(w, "A process's first operations, from each cold sample's timeline (operation durations summed in log2 bins of "+
		"the operation's index, over every goroutine). *First op* is the process's first operation; *first %d* is the sum of the "+
		"first %d operations' durations (at DOP > 1 they overlap in time); changes are paired with control's sample of the same "+
		"round and computed like every change on this page, each column a correction family of its own (below). *Cold ≈ warm from* is the first operation number from which no bin is significantly slower than "+
		"the variant's warm time per operation (its warm samples' timelines) plus %s: every later bin's interval reaches "+
		"down to that level.\n\n", firstOps, firstOps, pctShare(convergeTolerance, 0))
	fmt.Fprintf(w, "- %s.\n- %s.\n\n", familyNote("first op", elapsedDelta(cs.first)), familyNote(fmt.Sprintf("first %d ops", firstOps), elapsedDelta(cs.first8)))
	for _, c := range cs.first.Cells {
		fmt.Fprintf(w, "**%s, %s, %s, DOP %d.**\n\n", c.Platform, c.Backend, workloadLabel(c.Workload), c.DOP)
		var rows [][]string
		for _, v := range c.Variants {
			d1, d8 := "", ""
			if v.Name != cs.control {
				d1 = deltaCell(deltaOf(cs.first, c.Cell, hostresult.Cold, v.Name))
				d8 = deltaCell(deltaOf(cs.first8, c.Cell, hostresult.Cold, v.Name))
			}
			conv := "not within the phase"
			if n := cs.converged(c.Cell, v.Name); n > 0 {
				conv = num(float64(n))
			}
			rows = append(rows, []string{v.Name,
				estimateCell(us(v.Metrics[stats.ElapsedPerOp.Name])), d1,
				estimateCell(us(perOp(cs.first8, c.Cell, hostresult.Cold, v.Name))), d8,
				estimateCell(us(perOp(cs.warm, c.Cell, hostresult.Warm, v.Name))), conv})
		}
		MarkdownTable(w, []string{"Variant", "First op, us", "Change, % [interval]", fmt.Sprintf("First %d ops, us", firstOps),
			"Change, % [interval]", "Warm, us/op", "Cold ≈ warm from op"}, rows)
	}
	fmt.Fprintf(w, "The timeline charts (one per cell, log-log) are under Charts.\n\n")
}

// writeColdStart is the cold-start section, when the results carry a timeline or a harness record; older
// results print nothing.
func writeColdStart(w io.Writer, m *model) {
	if cs := m.Cold; cs != nil && (cs.first != nil || len(cs.harness) > 0) {
		cs.write(w)
	}
}

// writeCapacity is the pool-capacity section, when the results have pooled/N candidates.
func writeCapacity(w io.Writer, m *model) {
	if m.Cold != nil && m.Cold.capacity != nil {
		m.Cold.capacity.write(w)
	}
}

// coldStartCharts are the timeline and capacity charts, drawn by newColdStart.
func coldStartCharts(m *model) ([]chart, error) {
	if m.Cold == nil {
		return nil, nil
	}
	return m.Cold.charts, nil
}

// writeHarness prints the harness's recorded cost beside the report's fastest operation.
func (cs *coldStart) writeHarness(w io.Writer) {
	if len(cs.harness) == 0 {
		fmt.Fprintf(w, "Harness overhead: not recorded (no run.json with a calibration among the inputs).\n\n")
		return
	}
	for _, h := range cs.harness {
		fmt.Fprintf(w, "Harness overhead (run %s): %s ns per operation - the measured loop around a no-op compressor that writes a "+
			"real operation's %d bytes, median of %d repeats of %d operations, measured at run start by host-%s",
			h.Run, num(h.H.NsPerOp), h.H.OutputBytes, h.H.Repeats, h.H.Ops, h.H.Variant)
		if h.H.Processor != "" {
			fmt.Fprintf(w, ", reading each operation's processor by %s", h.H.Processor)
		}
		if !math.IsInf(cs.fastest.NsPerOp, 0) {
			f := cs.fastest
			fmt.Fprintf(w, "; %s%% of the fastest operation in this report (%s, %s, %s, DOP 1, warm: %s us/op)",
				pctNum(100*h.H.NsPerOp/f.NsPerOp), f.Variant, f.Cell.Backend, f.Cell.Workload, num(f.NsPerOp/1e3))
		}
		fmt.Fprintf(w, ".\n\n")
	}
}
