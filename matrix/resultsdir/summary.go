package resultsdir

import (
	"cmp"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
)

// Summary counts what a results directory holds against its plan: the line "lab bench" ends with,
// and whether the run can be compared at all.
type Summary struct {
	Planned  int // samples the plan takes, re-sampled cells' extra rounds included (matrix.Count)
	Extra    int // of Planned, in re-sampled cells' extra rounds
	Recorded int // samples in the results file, OK or not
	Failed   int // recorded samples that are not OK
	// Unusable lists, in plan order, each cell and variant with samples recorded but none OK
	// ("workload=fixed/dop=1/phase=cold/backend=pages variant=control"): nothing there can be
	// compared, so a run with any is a failed run.
	Unusable []string
	Reasons  map[string]int // failed samples by error, e.g. "timed out after 30s": 12
}

// Summarize counts samples against the plan of m, their run.json (reconciled: its Planned and Extra are
// matrix.Count's).
func Summarize(m matrix.Manifest, samples []matrix.Sample) Summary {
	plan := m.Plan
	s := Summary{Planned: m.Planned, Extra: m.Extra, Recorded: len(samples), Reasons: map[string]int{}}
	type cv struct {
		c matrix.Cell
		v string
	}
	seen, ok := map[cv]bool{}, map[cv]bool{}
	for _, x := range samples {
		k := cv{x.Cell, x.Variant}
		seen[k] = true
		if x.OK {
			ok[k] = true
			continue
		}
		s.Failed++
		s.Reasons[reason(x.Error)]++
	}
	for _, c := range plan.Cells() {
		for _, v := range plan.Variants {
			if k := (cv{c, v}); seen[k] && !ok[k] {
				s.Unusable = append(s.Unusable, c.String()+" variant="+v)
			}
		}
	}
	return s
}

// reason shortens a sample's error to what groups alike failures: the text before its first
// parenthesis or colon-detail ("timed out after 30s (signal: killed)" -> "timed out after 30s").
func reason(e string) string {
	if i := strings.IndexAny(e, "(\n"); i > 0 {
		e = e[:i]
	}
	e = strings.TrimSpace(e)
	if e == "" {
		return "no error text"
	}
	return e
}

// String is the summary line: "864 of 864 planned samples recorded, 0 failed", with how many of them
// re-sampling added ("616 of 616 planned samples recorded (40 in re-sampled cells' extra rounds), 0
// failed") and the commonest failure reasons when some failed.
func (s Summary) String() string {
	line := fmt.Sprintf("%d of %d planned samples recorded, %d failed", s.Recorded, s.Planned, s.Failed)
	if s.Extra > 0 {
		line = fmt.Sprintf("%d of %d planned samples recorded (%d in re-sampled cells' extra rounds), %d failed", s.Recorded, s.Planned, s.Extra, s.Failed)
	}
	if s.Failed == 0 {
		return line
	}
	reasons := slices.SortedFunc(maps.Keys(s.Reasons), func(a, b string) int {
		return cmp.Or(cmp.Compare(s.Reasons[b], s.Reasons[a]), cmp.Compare(a, b))
	})
	var parts []string
	for i, r := range reasons {
		if i == 3 {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, fmt.Sprintf("%d %s", s.Reasons[r], r))
	}
	return line + " (" + strings.Join(parts, "; ") + ")"
}

// MaxListed is how many unusable cells an error names before "and N more".
const MaxListed = 4

// UnusableError is a run in which some cell and variant has no usable sample.
type UnusableError struct {
	Dir     string
	Summary Summary
}

func (e *UnusableError) Error() string {
	u := e.Summary.Unusable
	list := strings.Join(u[:min(len(u), MaxListed)], "; ")
	if len(u) > MaxListed {
		list += fmt.Sprintf("; and %d more", len(u)-MaxListed)
	}
	return fmt.Sprintf("%d cell/variant pairs have no usable sample (every sample failed), so they cannot be compared: %s; the failures' errors and stderr are in %s",
		len(u), list, filepath.Join(e.Dir, SamplesFile))
}
