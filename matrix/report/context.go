package report

import (
	"cmp"
	"fmt"

	"github.com/deflatelab/deflatelab/matrix"
	"io"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// backendMeanings say which .NET each allocator backend stands for (the repository README's table), so
// that a reader of any page knows what "libc" or "pages" means for a shipped runtime.
var backendMeanings = map[string]string{
	"crt":         ".NET 9 on Windows (zlib-ng's own `_aligned_malloc`)",
	"privateheap": ".NET 10 on 64-bit Windows (zlib-ng's private `HeapCreate` heap)",
	"libc":        ".NET 9 and 10 on Linux (glibc `posix_memalign` / `free`)",
	"pages":       "no .NET: the worst case, every fresh state faults its pages in",
	"goheap":      "no .NET: Go slices, the baseline without a native allocator",
}

// missingSettings are settings a reader may expect and a run may lack, with where they come from.
var missingSettings = []struct{ Platform, Backend, What, From string }{
	{"windows/amd64", "privateheap", "no Windows private heap (.NET 10 on 64-bit Windows; the split write-up's \"dedicated Windows heap\")",
		"the matrix workflow's windows-2025 job"},
	{"windows/amd64", "crt", "no `_aligned_malloc` (.NET 9 on Windows)", "the matrix workflow's windows-2025 job"},
}

// splitCount is, for one platform, how many successful splitalloc samples ran with the split layout.
type splitCount struct{ Active, Samples int }

// writeContext writes the lines every page opens with: what ran where, what each backend stands for,
// whether the split was forced, how many rounds each cell got, and what the run lacks.
func writeContext(w io.Writer, m *model) {
	platforms := m.Platforms()
	if len(platforms) == 0 {
		return
	}
	rounds := ""
	if lo, hi := m.roundsRange(); hi > 0 {
		r := fmt.Sprint(lo)
		if hi != lo {
			r = fmt.Sprintf("%d to %d", lo, hi)
		}
		rounds = fmt.Sprintf("; **%s rounds per cell**, a fresh process per variant in rotated order", r)
		for _, ph := range []string{"cold", "warm"} {
			if ops := strings.Trim(opsNote(m, ph), " ()"); ops != "" {
				rounds += fmt.Sprintf("; %s %s", ph, ops)
			}
		}
	}
	var lines []string
	for i, p := range platforms {
		l := "**Ran on** " + m.platformLine(p)
		if i == len(platforms)-1 {
			l += rounds
		}
		lines = append(lines, l+".")
	}
	if l := m.workloadsLine(); l != "" {
		lines = append(lines, l)
	}
	if m.ZlibNG != "" {
		lines = append(lines, m.generationLine())
	}
	for _, p := range platforms {
		if l := m.oversubscriptionLine(p); l != "" {
			lines = append(lines, l)
		}
	}
	var backends []string
	for _, b := range m.backends() {
		meaning := backendMeanings[b]
		if meaning == "" {
			meaning = "no .NET counterpart known to this report"
		}
		backends = append(backends, fmt.Sprintf("`%s` = %s", b, meaning))
	}
	line := "**Backends:** " + strings.Join(backends, "; ") + "."
	for _, p := range platforms {
		if s, ok := m.Split[p]; ok && s.Samples > 0 && !strings.HasPrefix(p, "windows/") {
			switch s.Active {
			case s.Samples:
				line += fmt.Sprintf(" **splitalloc is forced on %s** (all %d of its samples ran split): the original patch "+
					"splits on 64-bit Windows only.", p, s.Samples)
			case 0:
				line += fmt.Sprintf(" **splitalloc as written on %s**: the original patch splits on 64-bit Windows only, "+
					"so none of its %d samples ran split - it is a second control here.", p, s.Samples)
			default:
				line += fmt.Sprintf(" **splitalloc on %s**: %d of its %d samples ran split.", p, s.Active, s.Samples)
			}
		}
	}
	lines = append(lines, line)
	if c := m.candidateDefinitions(); c != "" {
		lines = append(lines, c)
	}
	var lacks []string
	from := ""
	for _, s := range missingSettings {
		if !slices.Contains(platforms, s.Platform) || !m.hasBackend(s.Platform, s.Backend) {
			lacks = append(lacks, s.What)
			from = s.From
		}
	}
	switch len(lacks) {
	case 0:
	case 1:
		lines = append(lines, fmt.Sprintf("**Not in this run:** %s: that comes from %s.", lacks[0], from))
	default:
		lines = append(lines, fmt.Sprintf("**Not in this run:** %s: they come from %s.", strings.Join(lacks, "; "), from))
	}
	for _, l := range lines {
		fmt.Fprintf(w, "- %s\n", l)
	}
	fmt.Fprintln(w)
}

// workloadsLine defines the run's workloads where the pages first name them: "**Workloads:** fixed: a
// DeflateStream ...; stream: ...".
func (m *model) workloadsLine() string {
	if d := workload.Definitions(m.workloads()); d != "" {
		return "**Workloads:** " + d + "."
	}
	return ""
}

// platformLine describes one platform's machines: "linux/amd64, 2 processors (AMD EPYC 7763), profile full".
func (m *model) platformLine(p string) string {
	var cpus []string
	cores := 0
	for _, e := range m.Envs[p] {
		if e.CPU != "" && !slices.Contains(cpus, e.CPU) {
			cpus = append(cpus, e.CPU)
		}
		cores = max(cores, e.NumCPU)
	}
	s := p
	if cores > 0 {
		s += fmt.Sprintf(", %s", plural(cores, "processor"))
	}
	if len(cpus) > 0 {
		s += " (" + strings.Join(cpus, "; ") + ")"
	}
	var profiles []string
	for _, src := range m.Sources {
		if mf := src.Manifest; mf != nil && mf.Plan.Platform == p && !slices.Contains(profiles, mf.Profile) {
			profiles = append(profiles, mf.Profile)
		}
	}
	if len(profiles) > 0 {
		s += ", profile " + strings.Join(profiles, " and ")
	}
	return s
}

// backends lists every analysed backend, in the analysis' order.
func (m *model) backends() []string {
	var out []string
	for _, c := range m.Analysis.Cells {
		if !slices.Contains(out, c.Backend) {
			out = append(out, c.Backend)
		}
	}
	return out
}

func (m *model) hasBackend(platform, backend string) bool {
	for _, c := range m.Analysis.Cells {
		if c.Platform == platform && c.Backend == backend {
			return true
		}
	}
	return false
}

// roundsRange is the fewest and most rounds any analysed cell got.
func (m *model) roundsRange() (lo, hi int) {
	for i, c := range m.Analysis.Cells {
		if i == 0 || c.Rounds < lo {
			lo = c.Rounds
		}
		hi = max(hi, c.Rounds)
	}
	return lo, hi
}

// candidateDefinitions says what each kind of candidate of the run is: "**Candidates** against control:
// pooled/N = ...; splitalloc = ...; aa = ...".
func (m *model) candidateDefinitions() string {
	var kinds []string
	seen := map[string]bool{}
	for _, r := range m.Verdicts {
		kind := r.Candidate
		if matrix.HostVariant(kind) == matrix.Pooled { // pooled/N, not a variant whose name starts so
			kind = matrix.Pooled
		}
		if matrix.IsLayoutOf(kind, cmp.Or(m.Analysis.Control, matrix.Control)) {
			kind = matrix.Control + matrix.LayoutTag
		}
		if seen[kind] {
			continue
		}
		seen[kind] = true
		switch kind {
		case "pooled":
			kinds = append(kinds, "pooled/N = control's native states kept idle for reuse, up to N (the seed's pool had 8 slots)")
		case stats.ReuseBound:
			text := "reuse = the reuse bound: .NET 11's caller-owned states, each worker keeping and Resetting its own"
			if len(reuseBoundRows(m.Analysis)) > 0 {
				text += " (each pool's distance from it: [" + reuseBoundHeading + "](" + pageLink(capacityPage, reuseBoundHeading) + "))"
			}
			kinds = append(kinds, text)
		case "splitalloc":
			kinds = append(kinds, "splitalloc = the 128 KiB hash table in its own allocation")
		case matrix.AA:
			if len(m.aaLayoutSeeds()) > 0 {
				kinds = append(kinds, "aa = control's code in another link layout, measured as a candidate (the A/A check)")
			} else {
				kinds = append(kinds, "aa = control's own host measured as a candidate (the A/A check)")
			}
		case matrix.Control + matrix.LayoutTag:
			kinds = append(kinds, "control@layout=N = control's code linked in function layout N (the layout sensitivity)")
		default:
			kinds = append(kinds, kind)
		}
	}
	if len(kinds) == 0 {
		return ""
	}
	return "**Candidates** against control: " + strings.Join(kinds, "; ") + "."
}
