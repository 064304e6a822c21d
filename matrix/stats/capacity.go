package stats

import (
	"fmt"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
)

// CapacityChoice is which of one host's pool capacities a decision table names at lifetime N
// (Lifetime.CapacityChoices): the smallest, which keeps the least memory, unless a larger one is shown
// cheaper than it by the paired candidate-vs-candidate comparison (Lifetime.Versus), at the lifetime
// family's level; capacities that are the same treatment in the cell (SameTreatment) are never compared.
// Capacities are walked upwards, each against the one chosen so far.
//
// Invariants: Chosen is one of Capacities (ascending by capacity); every name of Same and ShownCheaper is
// in Capacities; Reason is AllSame when Same holds every capacity but the smallest, SmallestKept when
// ShownCheaper is empty, LargerShownCheaper otherwise.
type CapacityChoice struct {
	Host         string
	Capacities   []string
	Chosen       string
	Same         []string // capacities the same treatment as a smaller one: set aside unranked
	ShownCheaper []string // capacities that replaced the one before them, in order
	Reason       CapacityReason
	N            int // the lifetime the choice is made at
	// Configs is the number of distinct configurations the cell's workload cycles through (0 unknown):
	// Configs x DOP is the most live states a pool can hold (SameTreatment).
	Configs int
}

// CapacityReason is why a CapacityChoice named its capacity.
type CapacityReason int

const (
	AllSame            CapacityReason = iota + 1 // every capacity is one treatment (SameTreatment): the smallest stands for them
	SmallestKept                                 // no larger capacity is shown cheaper at N: the smallest keeps the least memory
	LargerShownCheaper                           // Chosen is shown cheaper than the smaller capacity before it at N
)

// CapacityChoices groups cands (candidate name -> its comparison with control, stable ones only) by pool
// host and chooses, for each host with two or more capacities, the one a table names at lifetime n.
func (l *Lifetime) CapacityChoices(cands map[string]*lifetime.Comparison, n int) []CapacityChoice {
	type pool struct {
		name     string
		capacity int
	}
	byHost := map[string][]pool{}
	for name := range cands {
		host, _, err := matrix.ParseCandidate(name)
		if cp := l.Idle[name].Capacity; err == nil && cp > 0 {
			byHost[host] = append(byHost[host], pool{name, cp})
		}
	}
	configs := distinctConfigs(l.Workload)
	var out []CapacityChoice
	for _, host := range slices.Sorted(mapsKeys(byHost)) {
		pools := byHost[host]
		if len(pools) < 2 {
			continue
		}
		slices.SortFunc(pools, func(x, y pool) int { return x.capacity - y.capacity })
		ch := CapacityChoice{Host: host, Chosen: pools[0].name, N: n, Configs: configs}
		chosenCap := pools[0].capacity
		for _, p := range pools {
			ch.Capacities = append(ch.Capacities, p.name)
		}
		for _, p := range pools[1:] {
			if configs > 0 && chosenCap >= configs*l.DOP { // the chosen one cannot evict: nor can any larger
				ch.Same = append(ch.Same, p.name)
				continue
			}
			cmp, err := l.Versus(ch.Chosen, p.name)
			if err != nil {
				continue
			}
			if r, ok := cmp.RatioAt(n); ok && r.Excludes1() && r.Estimate < 1 {
				ch.Chosen, chosenCap = p.name, p.capacity
				ch.ShownCheaper = append(ch.ShownCheaper, p.name)
			}
		}
		switch {
		case len(ch.Same) == len(pools)-1:
			ch.Reason = AllSame
		case len(ch.ShownCheaper) == 0:
			ch.Reason = SmallestKept
		default:
			ch.Reason = LargerShownCheaper
		}
		out = append(out, ch)
	}
	return out
}

// Versus compares candidate b with candidate a over process lifetimes (b's cost over a's), paired by
// round, with the analysis' interval method at the lifetime family's level. It is made once per pair.
func (l *Lifetime) Versus(a, b string) (*lifetime.Comparison, error) {
	k := [2]string{a, b}
	if c, ok := l.versus[k]; ok {
		return c, nil
	}
	if l.procs == nil || len(l.procs[a]) == 0 || len(l.procs[b]) == 0 {
		return nil, fmt.Errorf("stats: lifetime %s %s DOP %d: no processes of %s or %s", l.Backend, l.Workload, l.DOP, a, b)
	}
	c, err := lifetime.CompareMethod(l.procs[a], l.procs[b], seedOf(l.Cell, a+" vs "+b), l.method)
	if err != nil {
		return nil, err
	}
	if l.Family.Ratios > 0 {
		c.Readjust(l.Family.Confidence)
	}
	l.versus[k] = c
	return c, nil
}
