package report

import (
	"maps"
	"slices"
	"sort"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// model is everything one report shows, computed once and read by the markdown, chart and index writers.
type model struct {
	Title       string
	Name        string
	Out         string // the reports directory, as given (slash-separated)
	Date        time.Time
	Command     string // reproduces the report from the kept raw files
	RawRoot     string // the report's raw folder from where Command runs: <out>/<name>/raw, slash-separated
	MethodLink  string // docs/METHOD.md as the report's pages link it (docsLink: relative in a checkout, else its URL)
	Analysis    *stats.Analysis
	Verdicts    []verdictRow
	Raw         []rawFile
	Sources     []source
	Findings    []resultsdir.Finding        // lines left out before any analysis (screened.go)
	Notes       []repeatedRun               // inputs not counted: a run given twice
	Unchecked   []uncheckedInput            // inputs whose samples could not be checked against their plan, and why
	MixedBuilds []matrix.MixedBuild         // host variants measured in two builds (matrix.MixedBuilds)
	AALayouts   map[string][]int64          // per platform, the layout seeds aa's samples ran (aaLayouts)
	Spread      []matrix.RunSpread          // how spread each run's cells were over it (matrix.Spread)
	Variance    []stats.VarianceGroup       // the variance components per cell group (variance.go)
	Pairings    map[string][]string         // per pairing, the cells that ran that way (pairing.go); nil before pairings
	Runs        []string                    // distinct run ids
	RunsOf      map[string][]string         // per platform, its distinct run ids (runner instances), sorted
	Envs        map[string][]hostresult.Env // per platform, distinct
	Samples     map[string]int              // per platform
	Load        map[string]*loadInfo        // per platform
	Split       map[string]splitCount       // per platform: splitalloc's samples and how many ran split
	Charts      []chart
	Pages       []string        // the linked pages written, besides readmeFile (renderPages)
	StepSummary bool            // the sections are being written for a step summary, which shows no images
	Cold        *coldStart      // the cold-start and pool-capacity sections' analyses (coldstart.go)
	Life        *lifeView       // the steady-state and lifetime sections' analyses (lifetime.go)
	Emulated    *emulatedInputs // what ran under an emulator: kept out of everything above (emulated.go)
	Service     []serviceLine   // the service workload's probe per platform and backend (service.go); nil without one
	// ServiceHeaps is every service cell against its pristine twin on elapsed time (heapchange.go); nil
	// without service cells whose twin ran.
	ServiceHeaps []stats.ServiceHeap
	Missing      []string // planned platforms without a measured sample (missing.go)
	// Calibration is the run's own A/A label-swap null (stats.LabelSwapNull), nil without an A/A control.
	Calibration *stats.Calibration
	// Validity is the measurement's own validity data (stats.Validity), nil before Render computes it.
	Validity *stats.Validity
	// ZlibNG is the zlib-ng generation every input ran ("2.2.5" or "2.2.2"; runGeneration refuses a mix).
	ZlibNG matrix.Generation
	// Decision is the first page's decision table (newDecisionTable), computed before the pages are laid
	// out: its table and its footnotes are two sections.
	Decision decisionTable
}

// loadInfo sums up how busy a platform's machines were over its successful samples.
type loadInfo struct {
	Samples  int     // successful samples
	Recorded int     // of which carry a load reading
	Busy     int     // of which hostresult.Result.Busy
	MaxLoad  float64 // highest Linux load average seen
	MaxOther float64 // highest Windows other-process processor use seen
	Cores    int     // highest core count seen
}

// verdictRow is one line of the verdict table: a candidate on one platform and backend, both phases.
type verdictRow struct {
	Candidate, Platform, Backend string
	Warm, Cold                   *stats.Verdict
}

// group is the cells of one platform and backend.
type group struct {
	Platform, Backend string
	Cells             []*stats.Cell
}

func newModel(samples []matrix.Sample, a *stats.Analysis) *model {
	m := &model{Analysis: a, MethodLink: "../../docs/METHOD.md", Envs: map[string][]hostresult.Env{}, Samples: map[string]int{}, Load: map[string]*loadInfo{}, Split: map[string]splitCount{}}
	runs := map[string]bool{}
	runsOf := map[string]map[string]bool{}
	envs := map[string]map[hostresult.Env]bool{}
	for _, s := range samples {
		runs[s.Run] = true
		if runsOf[s.Cell.Platform] == nil {
			runsOf[s.Cell.Platform] = map[string]bool{}
		}
		runsOf[s.Cell.Platform][s.Run] = true
		m.Samples[s.Cell.Platform]++
		if s.Result == nil {
			continue
		}
		if s.Variant == "splitalloc" {
			sc := m.Split[s.Cell.Platform]
			sc.Samples++
			if s.Result.Split {
				sc.Active++
			}
			m.Split[s.Cell.Platform] = sc
		}
		l := m.Load[s.Cell.Platform]
		if l == nil {
			l = &loadInfo{}
			m.Load[s.Cell.Platform] = l
		}
		r := s.Result
		l.Samples++
		if r.LoadBefore > 0 || r.LoadAfter > 0 || r.OtherCPU > 0 {
			l.Recorded++
		}
		if r.Busy() {
			l.Busy++
		}
		l.MaxLoad = max(l.MaxLoad, r.LoadBefore, r.LoadAfter)
		l.MaxOther = max(l.MaxOther, r.OtherCPU)
		l.Cores = max(l.Cores, r.Env.NumCPU)
		if envs[s.Cell.Platform] == nil {
			envs[s.Cell.Platform] = map[hostresult.Env]bool{}
		}
		envs[s.Cell.Platform][s.Result.Env] = true
	}
	m.Runs = sortedKeys(runs)
	m.RunsOf = map[string][]string{}
	for p, set := range runsOf {
		m.RunsOf[p] = sortedKeys(set)
	}
	for p, set := range envs {
		for e := range set {
			m.Envs[p] = append(m.Envs[p], e)
		}
		sort.Slice(m.Envs[p], func(i, j int) bool {
			return m.Envs[p][i].Commit+m.Envs[p][i].Runner < m.Envs[p][j].Commit+m.Envs[p][j].Runner
		})
	}
	// Verdicts come sorted by candidate, platform, backend, phase: merge the phases of each row.
	for _, v := range a.Verdicts(stats.Elapsed.Name) {
		n := len(m.Verdicts)
		if n == 0 || m.Verdicts[n-1].Candidate != v.Candidate || m.Verdicts[n-1].Platform != v.Platform || m.Verdicts[n-1].Backend != v.Backend {
			m.Verdicts = append(m.Verdicts, verdictRow{Candidate: v.Candidate, Platform: v.Platform, Backend: v.Backend})
		}
		row := &m.Verdicts[len(m.Verdicts)-1]
		switch v.Phase {
		case "warm":
			row.Warm = &v
		case "cold":
			row.Cold = &v
		}
	}
	return m
}

// Platforms lists the analysed platforms in order.
func (m *model) Platforms() []string {
	set := map[string]bool{}
	for _, c := range m.Analysis.Cells {
		set[c.Platform] = true
	}
	return sortedKeys(set)
}

// Groups lists the cells by platform and backend, in the analysis' order.
func (m *model) Groups(platform string) []group {
	var out []group
	for _, c := range m.Analysis.Cells {
		if c.Platform != platform {
			continue
		}
		if n := len(out); n == 0 || out[n-1].Backend != c.Backend {
			out = append(out, group{Platform: c.Platform, Backend: c.Backend})
		}
		out[len(out)-1].Cells = append(out[len(out)-1].Cells, c)
	}
	return out
}

// Candidates lists every non-control variant seen in g.
func (g group) Candidates(control string) []string {
	set := map[string]bool{}
	for _, c := range g.Cells {
		for _, n := range c.Candidates(control) {
			set[n] = true
		}
	}
	out := sortedKeys(set)
	slices.SortFunc(out, stats.CompareNames) // pooled/8 before pooled/12
	return out
}

// rowKey is one line of a seeds-shaped table: a workload at a DOP, both phases side by side.
type rowKey struct {
	Workload string
	DOP      int
}

// Rows lists g's (workload, DOP) pairs in order, and the cell of each phase.
func (g group) Rows() ([]rowKey, map[rowKey]map[string]*stats.Cell) {
	var keys []rowKey
	cells := map[rowKey]map[string]*stats.Cell{}
	for _, c := range g.Cells {
		k := rowKey{c.Workload, c.DOP}
		if cells[k] == nil {
			keys = append(keys, k)
			cells[k] = map[string]*stats.Cell{}
		}
		cells[k][c.Phase] = c
	}
	return keys, cells
}

func sortedKeys(set map[string]bool) []string { return slices.Sorted(maps.Keys(set)) }
