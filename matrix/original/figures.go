// Package original holds what the two original experiments (the seeds of this project) published, as
// data - every figure as printed, the sentence it was printed in, its runs and setting - and compares a
// run's cells with them. It imports nothing of the project: the report hands it a lookup of its own cells.
package original

import (
	"slices"
	"strconv"
	"strings"
)

// Source names one original write-up and its setting, each statement a quoted sentence of it.
type Source struct {
	ID      string // short name used in tables
	File    string // the write-up's text, kept under testdata/ for the tests that check every quote
	Title   string
	Where   string // where it was published
	Setting string // the machine and build, quoted
	Heap    string // what it says of the native allocator, quoted; "" when it says nothing
}

// The two write-ups. Neither names a .NET version: both call themselves patch-before/after
// measurements, "not a direct comparison between .NET 8 and .NET 10".
var (
	SplitPR = Source{
		ID:      "split",
		File:    "split.txt",
		Title:   "[Experiment] Split native deflate hash allocation on Win64",
		Where:   "dotnet/runtime draft pull request by alinpahontu2912 (related to #134700 and #134790)",
		Setting: "Local Windows x64 Release validation:",
		Heap:    "The motivation is to test smaller allocation blocks while preserving the dedicated Windows heap.",
	}
	PoolPR = Source{
		ID:      "pool",
		File:    "pool.txt",
		Title:   "Pool Deflater instances to reuse native compression state",
		Where:   "dotnet/runtime pull request #134790 (resolves #134788)",
		Setting: "Local Windows x64 Release build completed with zero warnings and errors.",
	}
)

// Metric names what a figure measures.
type Metric string

const (
	Elapsed     Metric = "elapsed"       // the measured region's wall time; compared as a ratio
	FaultsPerOp Metric = "faults-per-op" // process page faults per operation
	IdleBytes   Metric = "idle-bytes"    // native memory a pool holds idle
)

// Figure is one control/candidate pair a write-up prints, in one cell, exactly as printed.
// Invariants: ControlText and CandText parse (ignoring the unit) to Control > 0 and Cand >= 0; Quote is
// a sentence (or a table's header and row) of the write-up, verbatim, that holds both texts.
type Figure struct {
	Source    Source
	Candidate string // "pooled" or "splitalloc"
	Capacity  int    // the pool's slots for pooled, 0 otherwise
	Workload  string // "fixed" or "mixed"; "" when the write-up does not state it (never placed in one)
	DOP       int
	Phase     string // "cold" or "warm"
	Metric    Metric

	ControlText, CandText string // as printed, with the unit where printed: "283.0 ms", "9.394"
	Change                string // the change as printed ("44%", "a 28.5% slowdown"); "" when none is printed
	Runs                  string // how many runs and which statistic, in the write-up's words
	Quote                 string // where the figure is printed, verbatim
}

// Control is the published control value (the number of ControlText).
func (f Figure) Control() float64 { return leadingNumber(f.ControlText) }

// Cand is the published candidate value (the number of CandText).
func (f Figure) Cand() float64 { return leadingNumber(f.CandText) }

// Ratio is candidate / control, the effect the lab's paired estimate is compared with.
func (f Figure) Ratio() float64 { return f.Cand() / f.Control() }

func leadingNumber(s string) float64 {
	v, err := strconv.ParseFloat(strings.Fields(s)[0], 64)
	if err != nil {
		panic("original: figure text " + strconv.Quote(s) + " does not start with a number") // data bug; TestFigures catches it
	}
	return v
}

// Platform and Backend are where the lab measures the write-ups' setting: Windows x64 with a dedicated
// heap (the split write-up's words; the pool write-up names no allocator).
const (
	Platform = "windows/amd64"
	Backend  = "privateheap"
)

// Quotes the figures come from, verbatim (tabs as in the write-ups' tables).
const (
	splitTable = "Three fresh-process samples per condition. Cold runs measure 3,000 operations; warm runs measure " +
		"20,000 operations after warm-up. Median elapsed time:\n" +
		"Workload\tDOP\tCold control\tCold candidate\tWarm control\tWarm candidate\n"
	splitPairs = "Four additional alternating-order DOP-8 pairs confirmed the tradeoff:\n"
	poolTable  = "Warm runs used 2,000 warm-up operations followed by 20,000 measured operations. Median elapsed time " +
		"across three repetitions:\nFixed-configuration workload\tBaseline\tEight-slot pool\tImprovement\n"
	poolFaults = "Process page faults per operation fell from 9.394 to 0.033 at DOP 8 and from 11.329 to 0.046 at DOP 12."
	poolMixed  = "At DOP 4, five additional paired runs confirmed median warm elapsed time increased from 258.3 ms to " +
		"332.1 ms, a 28.5% slowdown."
)

// splitRow is one row of the split write-up's table: both phases of one workload and DOP.
func splitRow(workload, label string, dop int, coldC, coldK, warmC, warmK string) []Figure {
	q := splitTable + label + "\t" + strconv.Itoa(dop) + "\t" + coldC + "\t" + coldK + "\t" + warmC + "\t" + warmK
	runs := "median of three fresh-process samples per condition"
	return []Figure{
		{Source: SplitPR, Candidate: "splitalloc", Workload: workload, DOP: dop, Phase: "cold", Metric: Elapsed,
			ControlText: coldC, CandText: coldK, Runs: runs, Quote: q},
		{Source: SplitPR, Candidate: "splitalloc", Workload: workload, DOP: dop, Phase: "warm", Metric: Elapsed,
			ControlText: warmC, CandText: warmK, Runs: runs, Quote: q},
	}
}

// Workloads lists the workloads the write-ups measured (their figures' workloads, in order): a claim about
// "every cell" of a phase is held against a run's cells of these workloads only.
func Workloads() []string {
	var out []string
	for _, f := range Figures {
		if f.Workload != "" && !slices.Contains(out, f.Workload) {
			out = append(out, f.Workload)
		}
	}
	return out
}

// Figures are every control/candidate pair the two write-ups print, in their order.
var Figures = concat(
	splitRow("fixed", "Fixed configuration", 1, "144.2 ms", "143.4 ms", "885.2 ms", "886.5 ms"),
	splitRow("fixed", "Fixed configuration", 4, "117.9 ms", "163.5 ms", "283.0 ms", "291.2 ms"),
	splitRow("fixed", "Fixed configuration", 8, "103.0 ms", "138.6 ms", "288.5 ms", "228.2 ms"),
	splitRow("fixed", "Fixed configuration", 12, "98.7 ms", "122.4 ms", "277.7 ms", "198.4 ms"),
	splitRow("mixed", "Mixed configurations", 4, "97.2 ms", "159.3 ms", "256.3 ms", "212.4 ms"),
	[]Figure{
		// The pairs' workload and statistic are not stated: the section shows the run's DOP-8 cells of
		// every workload beside them and places them in none.
		{Source: SplitPR, Candidate: "splitalloc", DOP: 8, Phase: "cold", Metric: Elapsed,
			ControlText: "134.2", CandText: "175.7 ms", Change: "approximately 31% slower",
			Runs:  "four alternating-order pairs; workload and statistic not stated",
			Quote: splitPairs + "• Cold: 134.2 to 175.7 ms, approximately 31% slower."},
		{Source: SplitPR, Candidate: "splitalloc", DOP: 8, Phase: "warm", Metric: Elapsed,
			ControlText: "359.8", CandText: "264.1 ms", Change: "approximately 27% faster",
			Runs:  "four alternating-order pairs; workload and statistic not stated",
			Quote: splitPairs + "• Warm: 359.8 to 264.1 ms, approximately 27% faster."},
		{Source: PoolPR, Candidate: "pooled", Capacity: 8, Workload: "fixed", DOP: 8, Phase: "warm", Metric: Elapsed,
			ControlText: "290.7 ms", CandText: "162.9 ms", Change: "44%", Runs: "median of three repetitions",
			Quote: poolTable + "DOP 8\t290.7 ms\t162.9 ms\t44%"},
		{Source: PoolPR, Candidate: "pooled", Capacity: 8, Workload: "fixed", DOP: 12, Phase: "warm", Metric: Elapsed,
			ControlText: "279.5 ms", CandText: "125.0 ms", Change: "55%", Runs: "median of three repetitions",
			Quote: poolTable + "DOP 12\t279.5 ms\t125.0 ms\t55%"},
		{Source: PoolPR, Candidate: "pooled", Capacity: 8, Workload: "fixed", DOP: 8, Phase: "warm", Metric: FaultsPerOp,
			ControlText: "9.394", CandText: "0.033", Runs: "runs and statistic not stated", Quote: poolFaults},
		{Source: PoolPR, Candidate: "pooled", Capacity: 8, Workload: "fixed", DOP: 12, Phase: "warm", Metric: FaultsPerOp,
			ControlText: "11.329", CandText: "0.046", Runs: "runs and statistic not stated", Quote: poolFaults},
		{Source: PoolPR, Candidate: "pooled", Capacity: 8, Workload: "mixed", DOP: 4, Phase: "warm", Metric: Elapsed,
			ControlText: "258.3 ms", CandText: "332.1 ms", Change: "a 28.5% slowdown", Runs: "median of five paired runs",
			Quote: poolMixed},
	},
)

func concat(parts ...[]Figure) []Figure {
	var out []Figure
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// Claim is a direction a write-up states without a figure: "Cold page faults per operation increased".
// It names no workload or DOP, so the lab holds it against every cell of the phase.
type Claim struct {
	Source    Source
	Candidate string
	Phase     string
	Metric    Metric
	Direction int // +1 increased, -1 decreased
	Quote     string
}

// Claims are every such statement of the write-ups.
var Claims = []Claim{
	{SplitPR, "splitalloc", "cold", FaultsPerOp, +1, "Cold page faults per operation increased; warm faults decreased."},
	{SplitPR, "splitalloc", "warm", FaultsPerOp, -1, "Cold page faults per operation increased; warm faults decreased."},
}

// MemoryEstimate is a pool's idle native memory as a write-up estimates it (not measured there).
type MemoryEstimate struct {
	Source   Source
	Capacity int
	Text     string // as printed: "2.6 MiB"
	Bytes    float64
	Quote    string
}

// MemoryEstimates are the pool write-up's idle-memory estimates for 8 and 16 slots.
var MemoryEstimates = []MemoryEstimate{
	{PoolPR, 8, "2.6 MiB", 2.6 * mib, "The source documents an approximate 2.6 MiB idle-state budget; this is an " +
		"estimate, not a measured retained-memory result."},
	{PoolPR, 16, "5.2 MiB", 5.2 * mib, "A 16-slot candidate reduced the synthetic churn but gave no consistent " +
		"additional benefit for the original fixed-configuration workload, doubled the estimated idle native-memory " +
		"budget to 5.2 MiB, and did not eliminate over-capacity slowdowns."},
}

const mib = 1 << 20
