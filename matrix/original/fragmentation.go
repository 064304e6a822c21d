package original

import (
	"fmt"
	"io"
	"math"
)

// FragmentationPR is the pull request that brought back .NET's own zlib allocator on Windows (a private
// heap, the lab's privateheap backend) after a partner's long-running service spent about half its
// profile in the process heap under deflateInit2 (ucrtbase's _aligned_malloc, the lab's crt backend).
var FragmentationPR = Source{
	ID:      "pr117949",
	File:    "pr117949.txt",
	Title:   `Revert "Remove custom allocator."`,
	Where:   "dotnet/runtime pull request #117949 (merged July 2025)",
	Setting: "We had reports from a partner that they were seeing poor performance from .NET 9.0 that pointed to heap allocation in zlib.",
	Heap:    "This was caused by native heap fragmentation.",
}

// BackendClaim is a direction a write-up states between two allocator backends, for one variant in one
// workload on one platform, with no figure: Slower costs more than Faster. It names no DOP or phase, so
// the lab holds it against every such cell of the run.
type BackendClaim struct {
	Source         Source
	Variant        string // as the run names it
	Platform       string
	Workload       string // the lab's workload that has the claim's heap
	Slower, Faster string // backends
	Metric         Metric
	Quote          string
}

// BackendClaims are every such statement: PR 117949's, that in a fragmented process heap the CRT's
// allocation (crt) is slower than the private heap (privateheap) - the lab's service workload on
// windows/amd64, control (the state allocated per operation, as .NET 9 did).
var BackendClaims = []BackendClaim{{
	Source: FragmentationPR, Variant: "control", Platform: Platform, Workload: "service", Slower: "crt", Faster: Backend,
	Metric: Elapsed, Quote: "We tested the partner's service with a fix that added back the zlib custom allocator and it " +
		"resolved the issue.",
}}

// CellRatio is one cell's ratio between two backends: a variant's metric on the claim's Slower backend
// over its Faster one, at a DOP and phase, with the interval the run gives it (no verdict: no family
// compares backends).
type CellRatio struct {
	DOP      int
	Phase    string
	Measured Measured
}

// BackendResult is a BackendClaim held against a run: the run's cells that have both backends.
type BackendResult struct {
	Claim BackendClaim
	Cells []CellRatio
}

// CompareBackendClaim holds c against run.
func CompareBackendClaim(c BackendClaim, run Run) BackendResult {
	r := BackendResult{Claim: c}
	if run.CellRatios != nil {
		r.Cells = run.CellRatios(c.Platform, c.Workload, c.Variant, c.Slower, c.Faster, c.Metric)
	}
	return r
}

// Counts are how many cells agree (Slower's interval above Faster's: the ratio's interval above 1),
// disagree (below 1), and show neither.
func (r BackendResult) Counts() (agree, disagree, neither int) {
	for _, c := range r.Cells {
		switch m := c.Measured; {
		case !m.Valid || m.Thin() || math.IsNaN(m.Ratio):
			neither++
		case m.Lo > 1:
			agree++
		case m.Hi < 1:
			disagree++
		default:
			neither++
		}
	}
	return agree, disagree, neither
}

// Outcome says how the run's cells meet the claim, or why none does.
func (r BackendResult) Outcome() string {
	if len(r.Cells) == 0 {
		return fmt.Sprintf("not measured here: it needs the %s workload on %s with both %s and %s (the matrix workflow's "+
			"windows-2025 job, profile service, backends %s,%s)", r.Claim.Workload, r.Claim.Platform, r.Claim.Slower,
			r.Claim.Faster, r.Claim.Slower, r.Claim.Faster)
	}
	a, d, n := r.Counts()
	return fmt.Sprintf("same direction in %d of %d cells, opposite in %d, neither in %d", a, len(r.Cells), d, n)
}

// writeBackends writes the backend claims: one table per claim of the run's cells that have both
// backends (or the one row saying none does), each naming the quoted passage.
func (s Section) writeBackends(b io.Writer, heading string, q *quotes) {
	for _, r := range s.Backends {
		c := r.Claim
		fmt.Fprintf(b, "%s# %s: %s against %s in a fragmented heap\n\n", heading, c.Source.ID, c.Slower, c.Faster)
		fmt.Fprintf(b, "**%s** (\"%s\", %s) restored .NET's private heap after a partner's service on .NET 9 "+
			"spent about half its profile allocating zlib's state in the process heap (\"%s\" %s). The lab's %s workload "+
			"is that heap; this holds %s's %s on %s there against %s, per DOP and phase: the ratio paired by round, "+
			"with its signed-rank interval (it describes: no family compares backends).\n\n",
			c.Source.ID, c.Source.Title, c.Source.Where, c.Source.Heap, q.ref(c.Source.Heap), c.Workload, c.Variant, c.Metric, c.Slower, c.Faster)
		fmt.Fprintf(b, "| claim | cell | %s / %s, here [interval] | from |\n| --- | --- | --- | --- |\n", c.Slower, c.Faster)
		claim := fmt.Sprintf("%s %s slower than %s, %s", c.Source.ID, c.Slower, c.Faster, c.Platform)
		if len(r.Cells) == 0 {
			fmt.Fprintf(b, "| %s | — | %s | %s |\n\n", claim, r.Outcome(), q.ref(c.Quote))
			continue
		}
		for _, cell := range r.Cells {
			here := hereText(Comparison{Found: cell.Measured.Valid, Measured: cell.Measured})
			fmt.Fprintf(b, "| %s | %s/%d%s %s | %s | %s |\n", claim, c.Workload, cell.DOP, map[bool]string{true: "‡"}[cell.Measured.Oversubscribed],
				cell.Phase, here, q.ref(c.Quote))
		}
		fmt.Fprintf(b, "\nOutcome: %s.\n\n", r.Outcome())
	}
}
