// Package original holds the figures that the two original experiments (the seeds of this project)
// published, as data, and compares a run's cells with them. It imports nothing of the project: the
// report hands it a lookup of its own cells.
package original

// Source names one original write-up.
type Source struct {
	ID    string // short name used in tables
	Title string
	Where string // where it was published
	Notes string // protocol, in the write-up's words where possible
}

// The two write-ups, both dotnet/runtime pull requests on one Windows x64 machine, .NET 10 (private heap).
var (
	SplitPR = Source{
		ID:    "split",
		Title: "[Experiment] Split native deflate hash allocation on Win64",
		Where: "dotnet/runtime draft pull request by alinpahontu2912 (related to #134700 and #134790)",
		Notes: "Windows x64 Release, private CoreRun hosts differing only in System.IO.Compression.Native.dll; " +
			"three fresh-process samples per condition, median elapsed; cold 3,000 operations, warm 20,000 " +
			"after warm-up; plus four alternating-order DOP-8 pairs",
	}
	PoolPR = Source{
		ID:    "pool",
		Title: "Pool Deflater instances to reuse native compression state",
		Where: "dotnet/runtime pull request #134790 (resolves #134788)",
		Notes: "Windows x64 Release, private CoreRun hosts differing only in System.IO.Compression.dll; " +
			"warm 2,000 warm-up + 20,000 measured operations, median of three repetitions; the mixed " +
			"workload from five paired runs",
	}
)

// Metric names what a figure measures.
type Metric string

const (
	Elapsed     Metric = "elapsed"       // the measured region's wall time; compared as a ratio
	FaultsPerOp Metric = "faults-per-op" // process page faults per operation
)

// Figure is one number pair an original write-up states: control and candidate in one cell.
// Invariant: Control > 0 and Candidate >= 0, so Ratio is defined.
type Figure struct {
	Source    Source
	Candidate string // "pooled" (capacity 8) or "splitalloc"
	Capacity  int    // the pool's slots for pooled, 0 otherwise
	Workload  string // "fixed" or "mixed"
	DOP       int
	Phase     string // "cold" or "warm"
	Metric    Metric
	Unit      string // of Control and Candidate, as published
	Control   float64
	Cand      float64
	Samples   string // how many measurements the figure rests on, in the write-up's words
}

// Ratio is candidate / control, the effect the lab's paired estimate is compared with.
func (f Figure) Ratio() float64 { return f.Cand / f.Control }

// Platform and Backend are where both write-ups measured: Windows x64, .NET 10's private heap.
const (
	Platform = "windows/amd64"
	Backend  = "privateheap"
)

func split(workload string, dop int, phase string, control, cand float64) Figure {
	return Figure{Source: SplitPR, Candidate: "splitalloc", Workload: workload, DOP: dop, Phase: phase,
		Metric: Elapsed, Unit: "ms", Control: control, Cand: cand, Samples: "median of 3 fresh processes"}
}

func pool(workload string, dop int, phase string, m Metric, unit string, control, cand float64, samples string) Figure {
	return Figure{Source: PoolPR, Candidate: "pooled", Capacity: 8, Workload: workload, DOP: dop, Phase: phase,
		Metric: m, Unit: unit, Control: control, Cand: cand, Samples: samples}
}

// Figures are every control/candidate pair the two write-ups publish, in their order. Qualitative
// statements ("cold page faults per operation increased") are not figures and are not listed.
var Figures = []Figure{
	split("fixed", 1, "cold", 144.2, 143.4),
	split("fixed", 1, "warm", 885.2, 886.5),
	split("fixed", 4, "cold", 117.9, 163.5),
	split("fixed", 4, "warm", 283.0, 291.2),
	split("fixed", 8, "cold", 103.0, 138.6),
	split("fixed", 8, "warm", 288.5, 228.2),
	split("fixed", 12, "cold", 98.7, 122.4),
	split("fixed", 12, "warm", 277.7, 198.4),
	split("mixed", 4, "cold", 97.2, 159.3),
	split("mixed", 4, "warm", 256.3, 212.4),
	withSamples(split("fixed", 8, "cold", 134.2, 175.7), "median of 4 alternating-order pairs"),
	withSamples(split("fixed", 8, "warm", 359.8, 264.1), "median of 4 alternating-order pairs"),
	pool("fixed", 8, "warm", Elapsed, "ms", 290.7, 162.9, "median of 3 repetitions"),
	pool("fixed", 12, "warm", Elapsed, "ms", 279.5, 125.0, "median of 3 repetitions"),
	pool("fixed", 8, "warm", FaultsPerOp, "faults/op", 9.394, 0.033, "median of 3 repetitions"),
	pool("fixed", 12, "warm", FaultsPerOp, "faults/op", 11.329, 0.046, "median of 3 repetitions"),
	pool("mixed", 4, "warm", Elapsed, "ms", 258.3, 332.1, "median of 5 paired runs"),
}

func withSamples(f Figure, s string) Figure { f.Samples = s; return f }
