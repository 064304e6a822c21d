package stats

import (
	"cmp"
	"slices"
)

// ComparisonKey names one comparison of a cells.json across reports: a candidate against control in one
// cell. Two reports of the same plan share their keys; a workload or candidate that only one report has
// is a key only that report has.
type ComparisonKey struct {
	Platform  string
	Backend   string
	Workload  string
	DOP       int
	Phase     string
	Candidate string
}

func keyOfRecord(r CellRecord) ComparisonKey {
	return ComparisonKey{r.Platform, r.Backend, r.Workload, r.DOP, r.Phase, r.Candidate}
}

// VerdictChange is one comparison whose verdict differs between two reports.
type VerdictChange struct {
	Key      ComparisonKey
	Old, New CellRecord
}

// VerdictDiff is how two reports' verdicts on one metric stand against each other, comparison by
// comparison.
//
// Invariant: every comparison of either report is counted exactly once: in Same, in Changed, in OnlyOld or
// in OnlyNew.
type VerdictDiff struct {
	Metric  string
	Same    int             // comparisons both reports have, with the same verdict
	Changed []VerdictChange // comparisons both have, with different verdicts, in the new report's order
	OnlyOld []CellRecord    // comparisons only the old report has (a workload or candidate it alone ran)
	OnlyNew []CellRecord    // comparisons only the new report has, in its order
}

// DiffVerdicts compares old and new record by record on metric (Elapsed.Name is the primary family): the
// question a reader of a new report asks of the one it replaces - which cells changed their verdict. It
// compares verdicts as each report decided them, at its own level and margin; a change of estimate
// without a change of verdict is not a change here.
func DiffVerdicts(old, new Cells, metric string) VerdictDiff {
	d := VerdictDiff{Metric: metric}
	olds := map[ComparisonKey]CellRecord{}
	for _, r := range old.Records {
		if r.Metric == metric {
			olds[keyOfRecord(r)] = r
		}
	}
	seen := map[ComparisonKey]bool{}
	for _, r := range new.Records {
		if r.Metric != metric {
			continue
		}
		k := keyOfRecord(r)
		seen[k] = true
		o, ok := olds[k]
		switch {
		case !ok:
			d.OnlyNew = append(d.OnlyNew, r)
		case o.Verdict == r.Verdict:
			d.Same++
		default:
			d.Changed = append(d.Changed, VerdictChange{Key: k, Old: o, New: r})
		}
	}
	for _, r := range old.Records {
		if r.Metric == metric && !seen[keyOfRecord(r)] {
			d.OnlyOld = append(d.OnlyOld, r)
		}
	}
	slices.SortStableFunc(d.OnlyOld, func(a, b CellRecord) int { return cmp.Compare(a.Workload, b.Workload) })
	return d
}

// Flips counts the changes that reverse a direction: faster in one report, slower in the other.
func (d VerdictDiff) Flips() int {
	n := 0
	for _, c := range d.Changed {
		if c.Old.Verdict.Decided() && c.New.Verdict.Decided() {
			n++
		}
	}
	return n
}
