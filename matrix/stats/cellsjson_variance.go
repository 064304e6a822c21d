package stats

// VarianceRecord is one cell group's variance components in cells.json (VarianceGroup): standard
// deviations of a natural log x 100 (about percent), null where a level cannot be estimated, and what one
// more process, round and instance cost in seconds of runner time.
type VarianceRecord struct {
	Platform   string `json:"platform"`
	Backend    string `json:"backend"`
	Workload   string `json:"workload"`
	Phase      string `json:"phase"`
	Contention bool   `json:"contention"` // DOPs above the processors: throughput under contention
	DOPs       []int  `json:"dops"`
	Ops        int    `json:"ops"` // measured operations per process
	Instances  int    `json:"instances"`
	Rounds     int    `json:"rounds"`
	Processes  int    `json:"processes"`
	// WithinPerOp is the within-process level scaled to one operation: a process of n operations carries
	// WithinPerOp / sqrt(n).
	WithinPerOp *float64    `json:"withinPerOp"`
	Ratio       LevelRecord `json:"ratio"`   // of a candidate's log ratio to control in one round
	Control     LevelRecord `json:"control"` // of control's log time per operation
	Cost        CostRecord  `json:"cost"`
}

// CostRecord is LevelCost in seconds, null where unknown (an instance's span in runs older than the
// samples' start times).
type CostRecord struct {
	Process  *float64 `json:"process"`
	Round    *float64 `json:"round"`
	Instance *float64 `json:"instance"`
	Overhead *float64 `json:"overhead"`
}

// LevelRecord is Levels x 100, null where unknown.
type LevelRecord struct {
	Within   *float64 `json:"within"`
	Process  *float64 `json:"process"`
	Round    *float64 `json:"round"`
	Instance *float64 `json:"instance"`
}

// VarianceRecords lists groups as cells.json records.
func VarianceRecords(groups []VarianceGroup) []VarianceRecord {
	var out []VarianceRecord
	for _, g := range groups {
		out = append(out, VarianceRecord{
			Platform: g.Platform, Backend: g.Backend, Workload: g.Workload, Phase: g.Phase, Contention: g.Contention,
			DOPs: g.DOPs, Ops: g.Ops, Instances: g.Instances, Rounds: g.Rounds, Processes: g.Processes,
			WithinPerOp: finite(100 * g.WithinPerOp), Ratio: g.Ratio.record(), Control: g.Control.record(),
			Cost: CostRecord{finite(g.Cost.Process), finite(g.Cost.Round), finite(g.Cost.Instance), finite(g.Cost.Overhead)},
		})
	}
	return out
}

func (l Levels) record() LevelRecord {
	return LevelRecord{finite(100 * l.Within), finite(100 * l.Process), finite(100 * l.Round), finite(100 * l.Instance)}
}
