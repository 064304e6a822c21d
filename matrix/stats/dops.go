package stats

import (
	"slices"
)

// DOPGroups says, for one platform, which DOPs measure one operation's latency on the run's machines
// (at most their processors) and which form the single "throughput under contention" group (above them:
// the workers share the processors, and DOP 4, 8 and 12 on 2 processors measure one contention state,
// 23.2, 23.5 and 23.7 us/op for control in the committed full run).
type DOPGroups struct {
	Platform   string
	Processors int   // the most processors a sample of the platform saw (0: unknown, every DOP latency)
	Latency    []int // ascending
	Throughput []int // ascending; one group
}

// DOPGroups lists each platform's DOP groups, in platform order.
func (a *Analysis) DOPGroups() []DOPGroups {
	var out []DOPGroups
	for _, c := range a.Cells {
		if n := len(out); n == 0 || out[n-1].Platform != c.Platform {
			out = append(out, DOPGroups{Platform: c.Platform})
		}
		out[len(out)-1].Processors = max(out[len(out)-1].Processors, c.Processors)
	}
	for i := range out {
		g := &out[i]
		for _, c := range a.Cells {
			if c.Platform != g.Platform {
				continue
			}
			if g.Processors > 0 && c.DOP > g.Processors {
				g.Throughput = append(g.Throughput, c.DOP)
			} else {
				g.Latency = append(g.Latency, c.DOP)
			}
		}
		slices.Sort(g.Latency)
		slices.Sort(g.Throughput)
		g.Latency, g.Throughput = slices.Compact(g.Latency), slices.Compact(g.Throughput)
	}
	return out
}

// GroupedVerdict counts a verdict's cells with the oversubscribed DOPs as one group, so that one
// contention state measured at several DOPs is not counted as several confirmations (Verdict.Grouped).
// Latency holds the outcomes at DOPs within the processors, each counted as a cell; Throughput the
// oversubscribed ones, counted once, as ThroughputClass: their common class when they all share one,
// else Inconclusive with Mixed set (the group does not agree with itself, so it confirms nothing).
//
// Invariants: Units == len(Latency) + (1 if len(Throughput) > 0) == Faster + Slower + Same + Unstable +
// NoData.
type GroupedVerdict struct {
	Latency, Throughput []Outcome
	ThroughputClass     Class // "" without oversubscribed cells
	Mixed               bool
	Units               int // independent units: latency cells, plus the throughput group
	Faster, Slower      int
	Same                int // equivalent or inconclusive (a mixed throughput group counts here)
	Unstable, NoData    int
}

// Grouped counts v's outcomes with its oversubscribed cells (Outcome.Oversubscribed) as one group.
func (v Verdict) Grouped() GroupedVerdict {
	var g GroupedVerdict
	count := func(cl Class) {
		g.Units++
		switch cl {
		case Faster:
			g.Faster++
		case Slower:
			g.Slower++
		case Unstable:
			g.Unstable++
		case NoData:
			g.NoData++
		default:
			g.Same++
		}
	}
	for _, o := range v.Outcomes {
		if o.Oversubscribed {
			g.Throughput = append(g.Throughput, o)
			continue
		}
		g.Latency = append(g.Latency, o)
		count(o.Class)
	}
	if len(g.Throughput) > 0 {
		g.ThroughputClass = g.Throughput[0].Class
		for _, o := range g.Throughput[1:] {
			if o.Class != g.ThroughputClass {
				g.ThroughputClass, g.Mixed = Inconclusive, true
				break
			}
		}
		count(g.ThroughputClass)
	}
	return g
}
