package stats

import (
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// SameTreatment is a set of candidates that run the same treatment in one cell, so that any difference
// between them is noise and a page must not rank them (Analysis.SameTreatments). The one case the plan
// proves: pool capacities that no pool can fill. A pooled state is created only when no idle state of its
// configuration is left, so a configuration never has more live states than workers, and a cell's
// processes never hold more than configurations x DOP states; the pool evicts only when a state comes back
// to a pool whose every slot is idle (variants/pooled: Release), which needs more than that many. Every
// capacity of at least configurations x DOP therefore keeps the same states in the same slots, evicts
// nothing and holds the same idle bytes: the same code path, but for a scan over empty slots.
//
// Invariants: len(Candidates) >= 2, in natural order (smallest capacity first); Capacities[i] is
// Candidates[i]'s capacity, each >= Configs * Cell.DOP.
type SameTreatment struct {
	Cell       matrix.Cell
	Candidates []string
	Capacities []int
	Configs    int // distinct configurations the cell's workload cycles through
}

// SameTreatments lists, per cell, the candidates that are the same treatment.
func (a *Analysis) SameTreatments() []SameTreatment {
	var out []SameTreatment
	for _, c := range a.Cells {
		configs := distinctConfigs(c.Workload)
		if configs == 0 {
			continue // a workload the lab does not know: nothing can be proved
		}
		need := configs * c.DOP
		type pool struct {
			name     string
			capacity int
		}
		byHost := map[string][]pool{}
		for _, v := range c.Variants {
			host, capacity, err := matrix.ParseCandidate(v.Name)
			if err != nil || v.Name == a.Control || v.Name == matrix.AA {
				continue
			}
			cp := capacityOf(v)
			if cp == 0 || (capacity != 0 && cp != capacity) {
				continue // no pool, or the samples say another capacity than the name: prove nothing
			}
			if cp >= need {
				byHost[host] = append(byHost[host], pool{v.Name, cp})
			}
		}
		for _, host := range slices.Sorted(mapsKeys(byHost)) {
			pools := byHost[host]
			if len(pools) < 2 {
				continue
			}
			slices.SortFunc(pools, func(x, y pool) int { return x.capacity - y.capacity })
			s := SameTreatment{Cell: c.Cell, Configs: configs}
			for _, p := range pools {
				s.Candidates, s.Capacities = append(s.Candidates, p.name), append(s.Capacities, p.capacity)
			}
			out = append(out, s)
		}
	}
	return out
}

// SameAs returns the candidates that are the same treatment as candidate in cell c (itself included), or
// nil when it has none.
func SameAs(groups []SameTreatment, c matrix.Cell, candidate string) []string {
	for _, g := range groups {
		if g.Cell == c && slices.Contains(g.Candidates, candidate) {
			return g.Candidates
		}
	}
	return nil
}

// distinctConfigs is how many different configurations workload name cycles through; 0 when unknown.
func distinctConfigs(name string) int {
	w, err := workload.ByName(name)
	if err != nil {
		return 0
	}
	seen := map[workload.Config]bool{}
	for _, c := range w.Configs {
		seen[c] = true
	}
	return len(seen)
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
