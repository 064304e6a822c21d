package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// writeRunLines is the first page's opening: the run in two lines, so that the decision below them
// stays on the first screen. The first says what ran where - platform, processors and which DOPs
// measure latency there, profile, zlib-ng generation, rounds, runner instances; the second when, from
// which commit, and what the workloads and backends the tables name are. The context bullets further
// down say the rest.
func writeRunLines(w io.Writer, m *model) {
	platforms := m.Platforms()
	if len(platforms) == 0 {
		return
	}
	var runs []string
	for _, p := range platforms {
		parts := []string{"**" + m.platformProcessors(p) + "**"}
		if l := m.latencyLine(p); l != "" {
			parts = append(parts, l)
		}
		if ps := m.profiles(p); len(ps) > 0 {
			parts = append(parts, "profile "+strings.Join(ps, " and "))
		}
		if gs := m.generations(p); len(gs) > 0 {
			parts = append(parts, "zlib-ng "+strings.Join(gs, " and "))
		}
		if n := m.instances(p); n > 0 {
			parts = append(parts, plural(n, "runner instance"))
		}
		runs = append(runs, strings.Join(parts, " · "))
	}
	line1 := underpoweredHead(m) + strings.Join(runs, "; ")
	if lo, hi := m.roundsRange(); hi > 0 {
		r := fmt.Sprint(lo)
		if hi != lo {
			r = fmt.Sprintf("%d to %d", lo, hi)
		}
		line1 += " · " + r + " rounds per cell"
		if n := m.resampledCells(); n > 0 {
			line1 += fmt.Sprintf(" (%s re-sampled)", plural(n, "cell"))
		}
		if back, cells := m.backToBack(); cells > 0 && back == 0 {
			line1 += ", interleaved across the run" // back to back is a warning, in the warnings line
		}
	}
	if d := detectablePhrase(m); d != "" {
		line1 += " · " + d
	}
	line2 := []string{m.Date.UTC().Format("2006-01-02 15:04 UTC")}
	if c := m.commits(); len(c) > 0 {
		line2 = append(line2, "commit "+strings.Join(c, ", "))
	}
	if d := m.workloadDefinitions(); d != "" {
		line2 = append(line2, d)
	}
	line2 = append(line2, "[raw/](raw/)")
	fmt.Fprintf(w, "%s\\\n%s", line1, strings.Join(line2, " · "))
	if b := bannerLine(m); b != "" {
		fmt.Fprintf(w, "\\\n%s", b)
	}
	fmt.Fprintf(w, "\n\n")
}

// platformProcessors is "linux/amd64, 2 processors".
func (m *model) platformProcessors(p string) string {
	if n := m.processors(p); n > 0 {
		return p + ", " + plural(n, "processor")
	}
	return p
}

// latencyLine says which of a platform's DOPs measure one operation's latency and which throughput under
// contention (more workers than processors): "DOP 1 latency, 4‡ 8‡ 12‡ under contention"; "" when the
// processors are unknown.
func (m *model) latencyLine(p string) string {
	if m.processors(p) == 0 {
		return ""
	}
	var lat, con []string
	for _, d := range m.dops(p) {
		if m.oversubscribed(p, d) {
			con = append(con, fmt.Sprint(d)+throughputMark)
		} else {
			lat = append(lat, fmt.Sprint(d))
		}
	}
	var parts []string
	if len(lat) > 0 {
		parts = append(parts, "DOP "+strings.Join(lat, ", ")+" latency")
	}
	if len(con) > 0 {
		lead := ""
		if len(lat) == 0 {
			lead = "DOP "
		}
		parts = append(parts, lead+strings.Join(con, ", ")+" throughput under contention")
	}
	return strings.Join(parts, ", ")
}

// dops lists a platform's analysed DOPs, ascending.
func (m *model) dops(p string) []int {
	var out []int
	for _, c := range m.Analysis.Cells {
		if c.Platform == p && !slices.Contains(out, c.DOP) {
			out = append(out, c.DOP)
		}
	}
	slices.Sort(out)
	return out
}

// profiles lists the profiles of a platform's runs, as their manifests name them.
func (m *model) profiles(p string) []string {
	var out []string
	for _, src := range m.Sources {
		if mf := src.Manifest; mf != nil && mf.Plan.Platform == p && mf.Profile != "" && !slices.Contains(out, mf.Profile) {
			out = append(out, mf.Profile)
		}
	}
	return out
}

// generations lists the zlib-ng generations of a platform's runs.
func (m *model) generations(p string) []string {
	var out []string
	for _, src := range m.Sources {
		if mf := src.Manifest; mf != nil && mf.Plan.Platform == p {
			if g := string(mf.Plan.Generation()); !slices.Contains(out, g) {
				out = append(out, g)
			}
		}
	}
	return out
}

// instances is how many runner instances (distinct runs) measured a platform: each replica is one run.
func (m *model) instances(p string) int { return len(m.RunsOf[p]) }

// commits lists the distinct commits the samples' hosts were built from, shortened.
func (m *model) commits() []string {
	var out []string
	for _, p := range m.Platforms() {
		for _, e := range m.Envs[p] {
			c := e.Commit
			if dirty, ok := strings.CutSuffix(c, "-dirty"); ok {
				c = shortCommit(dirty) + "-dirty"
			} else {
				c = shortCommit(c)
			}
			if c != "" && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

func shortCommit(c string) string {
	if len(c) > 7 {
		return c[:7]
	}
	return c
}

// workloadDefinitions defines the run's workloads where the first page first uses their names:
// "**fixed** = one configuration (raw deflate, level 6); **mixed** = 12 configurations in turn, ...".
func (m *model) workloadDefinitions() string {
	var parts []string
	for _, wl := range m.workloads() {
		parts = append(parts, fmt.Sprintf("**%s** = %s", wl, workloadMeaning(wl)))
	}
	return strings.Join(parts, "; ")
}

// configsOf is how many configurations a workload cycles through (1 when unknown).
func configsOf(name string) int {
	if w, err := workload.ByName(name); err == nil && len(w.Configs) > 0 {
		return len(w.Configs)
	}
	return 1
}

// workloadMeaning is one workload's definition, in the words a decision needs (workload.Workload.Summary).
func workloadMeaning(name string) string {
	if w, err := workload.ByName(name); err == nil {
		return w.Summary
	}
	return "a workload this report does not describe"
}

// detectablePhrase is the primary family's smallest detectable change as the run line states it:
// "smallest detectable change +9.1% (elapsed time, 80% power at the family's 99.96% level)"; "" without
// the validity data or an interval.
func detectablePhrase(m *model) string {
	if m.Validity == nil || math.IsNaN(m.Validity.Power.Detectable.Percent) {
		return ""
	}
	d := m.Validity.Power.Detectable
	return fmt.Sprintf("smallest detectable change %s%% ([elapsed time](%s), %s%% power at the family's %s level)",
		detectNum(d.Percent), pageLink(environmentPage, detectableHeading), pctNum(stats.DetectPower*100), pctLevel(d.Confidence))
}

// resampledCells counts the analysed cells that took extra rounds (re-sampling): their samples are
// planned ones, and the first page names them so.
func (m *model) resampledCells() int {
	n := 0
	for _, c := range m.Analysis.Cells {
		if c.Closing != nil && c.Closing.Extra > 0 {
			n++
		}
	}
	return n
}
