package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
)

// cellPairings is, per pairing a run's samples name (matrix.Sample.Pairing), the cells that ran that way
// ("linux/amd64 fixed/1 warm, libc"), sorted; nil when no sample names one (runs before pairings).
func cellPairings(samples []matrix.Sample) map[string][]string {
	seen := map[string]map[string]bool{}
	for _, s := range samples {
		if s.Pairing == "" {
			continue
		}
		if seen[s.Pairing] == nil {
			seen[s.Pairing] = map[string]bool{}
		}
		seen[s.Pairing][fmt.Sprintf("%s %s/%d %s, %s", s.Cell.Platform, s.Cell.Workload, s.Cell.DOP, s.Cell.Phase, s.Cell.Backend)] = true
	}
	if len(seen) == 0 {
		return nil
	}
	out := map[string][]string{}
	for p, cells := range seen {
		for c := range cells {
			out[p] = append(out[p], c)
		}
		slices.Sort(out[p])
	}
	return out
}

// writePairing says which cells ran their pairs as duets and which alternating (lab bench -pairing).
func writePairing(w io.Writer, m *model) {
	if m.Pairings == nil {
		return
	}
	fmt.Fprintf(w, "**Pairing.** A duet runs a round's control and candidate at the same time, each pinned to processors of "+
		"its own and released together at the start of the measured region; it applies where the round is one pair and "+
		"2 x DOP fits the processors, and the other cells alternate ([METHOD.md](%s#duet-pairs)).", m.MethodLink)
	for _, p := range matrix.Pairings() {
		if cells := m.Pairings[p]; len(cells) > 0 {
			fmt.Fprintf(w, " %s: %s.", strings.ToUpper(p[:1])+p[1:], strings.Join(cells, "; "))
		}
	}
	fmt.Fprintf(w, "\n\n")
}
