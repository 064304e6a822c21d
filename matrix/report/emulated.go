package report

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
)

// emulatedMark is how the report labels the samples whose hosts ran under an emulator.
const emulatedMark = "emulated - functional check, not timing"

// wineOS is what a Windows host's OS field holds under wine (procstat.OSVersion): such a sample is
// emulated even when its run predates the runner's marker.
const wineOS = "(wine "

// attributePlatforms files every sample under the platform its host reported (Result.Env), not the one
// the runner recorded in its cell: a runner that ran another platform's hosts through wrappers filed
// them under its own. A failed sample has no report of its own; it goes where the successful samples
// of its run went when they all went to one platform, and stays put otherwise. samples is changed in
// place and returned.
func attributePlatforms(samples []matrix.Sample) []matrix.Sample {
	byRun := map[string]map[string]bool{}
	for _, s := range samples {
		if p, ok := hostPlatform(s); ok {
			if byRun[s.Run] == nil {
				byRun[s.Run] = map[string]bool{}
			}
			byRun[s.Run][p] = true
		}
	}
	for i := range samples {
		s := &samples[i]
		if p, ok := hostPlatform(*s); ok {
			s.Cell.Platform = p
		} else if ps := byRun[s.Run]; len(ps) == 1 {
			for p := range ps {
				s.Cell.Platform = p
			}
		}
	}
	return samples
}

// hostPlatform is the platform a sample's host reported, if it reported one.
func hostPlatform(s matrix.Sample) (string, bool) {
	if s.Result == nil || s.Result.Env.GOOS == "" || s.Result.Env.GOARCH == "" {
		return "", false
	}
	return s.Result.Env.Platform(), true
}

// emulatedBy names the emulator a sample's host ran under, "" if it ran natively: the runner's marker,
// else wine when the host said so.
func emulatedBy(s matrix.Sample) string {
	switch {
	case s.Emulated != "":
		return s.Emulated
	case s.Result != nil && strings.Contains(s.Result.Env.OS, wineOS):
		return "wine"
	}
	return ""
}

// splitEmulated separates the samples of emulated runs (a run is emulated when any of its samples is)
// from the measured ones, before any statistic is computed: an emulator's timings are not the
// platform's, so they enter no verdict, table or chart, only the emulated section.
func splitEmulated(samples []matrix.Sample) (measured, emulated []matrix.Sample) {
	runs := map[string]string{}
	for _, s := range samples {
		if e := emulatedBy(s); e != "" && runs[s.Run] == "" {
			runs[s.Run] = e
		}
	}
	for _, s := range samples {
		if e := runs[s.Run]; e != "" {
			if s.Emulated == "" {
				s.Emulated = e
			}
			emulated = append(emulated, s)
		} else {
			measured = append(measured, s)
		}
	}
	return measured, emulated
}

// emulatedInputs are the inputs split out of a report because they ran under an emulator.
type emulatedInputs struct {
	Groups []*emulatedGroup   // the samples, summarised
	Runs   []*matrix.Manifest // the emulated runs' manifests, in input order
}

// splitInputs files every sample under its host's platform, then takes the emulated samples out of in,
// and the manifests of their runs (or of runs that say they were emulated) out of in's sources, so that
// nothing computed from in - statistics, banners, harness lines - sees them. It returns what it took.
func splitInputs(in *inputs) *emulatedInputs {
	var samples []matrix.Sample
	in.Samples, samples = splitEmulated(attributePlatforms(in.Samples))
	e := &emulatedInputs{Groups: emulatedGroups(samples)}
	runs := map[string]bool{}
	for _, s := range samples {
		runs[s.Run] = true
	}
	for i := range in.Sources {
		if mf := in.Sources[i].Manifest; mf != nil && (mf.Emulated != "" || runs[mf.Run]) {
			e.Runs = append(e.Runs, mf)
			in.Sources[i].Manifest = nil
		}
	}
	return e
}

// pageLayout is the layout of m's pages: the full report, or only the sections marked inEmulated when
// every sample was emulated (nothing was measured).
func pageLayout(m *model) layout {
	if len(m.Samples) == 0 && m.Emulated != nil && len(m.Emulated.Groups) > 0 {
		return inEmulated
	}
	return full
}

// emulatedGroup is one platform, emulator and backend of the emulated samples.
type emulatedGroup struct {
	Platform, Emulator, Backend string
	Cells, Samples, Failed      int
	Disagree                    int      // cells whose successful samples produced more than one output
	Mismatched                  int      // successful samples whose output is not their cell's most common
	OS                          []string // what the hosts said they ran on, distinct
	Errors                      []string // distinct failure messages
}

// emulatedGroups summarises emulated samples by platform, emulator and backend, in that order.
func emulatedGroups(samples []matrix.Sample) []*emulatedGroup {
	type key struct{ platform, emulator, backend string }
	type output struct {
		bytes  int64
		digest string
	}
	groups := map[key]*emulatedGroup{}
	cells := map[key]map[matrix.Cell]map[output]int{}
	for _, s := range samples {
		k := key{s.Cell.Platform, s.Emulated, s.Cell.Backend}
		g := groups[k]
		if g == nil {
			g = &emulatedGroup{Platform: k.platform, Emulator: k.emulator, Backend: k.backend}
			groups[k], cells[k] = g, map[matrix.Cell]map[output]int{}
		}
		g.Samples++
		if cells[k][s.Cell] == nil {
			cells[k][s.Cell] = map[output]int{}
		}
		if !s.OK || s.Result == nil {
			g.Failed++
			if msg := firstLine(s.Error); !slices.Contains(g.Errors, msg) {
				g.Errors = append(g.Errors, msg)
			}
			continue
		}
		cells[k][s.Cell][output{s.Result.OutputBytes, s.Result.Digest}]++
		if os := s.Result.Env.OS; !slices.Contains(g.OS, os) {
			g.OS = append(g.OS, os)
		}
	}
	var out []*emulatedGroup
	for k, g := range groups {
		g.Cells = len(cells[k])
		for _, outs := range cells[k] {
			if len(outs) > 1 {
				g.Disagree++
				total, most := 0, 0
				for _, n := range outs {
					total += n
					most = max(most, n)
				}
				g.Mismatched += total - most
			}
		}
		slices.Sort(g.OS)
		slices.Sort(g.Errors)
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b *emulatedGroup) int {
		return strings.Compare(a.Platform+"\x00"+a.Emulator+"\x00"+a.Backend, b.Platform+"\x00"+b.Emulator+"\x00"+b.Backend)
	})
	return out
}

// emulatedPlatforms lists the emulated platforms, each marked, for the index: "windows/amd64 (emulated)".
func emulatedPlatforms(e *emulatedInputs) []string {
	var out []string
	for _, g := range e.Groups {
		if p := g.Platform + " (emulated)"; !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// writeEmulated writes the emulated platforms' section: what ran, what failed, whether the outputs
// agreed, and the runs. It writes nothing when no sample was emulated; when nothing else was, it says
// first that the report draws no verdict.
func writeEmulated(w io.Writer, m *model) {
	if m.Emulated == nil || len(m.Emulated.Groups) == 0 {
		return
	}
	groups := m.Emulated.Groups
	if len(m.Samples) == 0 {
		fmt.Fprintf(w, "## %s\n\nNone: every sample of this report ran under an emulator (below), so it measured "+
			"nothing and draws no verdict.\n\n", verdictsHeading)
	}
	fmt.Fprintf(w, "## Emulated platforms: %s\n\n", emulatedMark)
	fmt.Fprintf(w, "These samples' hosts ran under an emulator (wine, qemu-user) on a machine of another platform. "+
		"They show that the platform's host loop runs every variant and backend, and that the outputs agree; "+
		"their times are the emulator's, not the platform's, so they are kept out of every verdict, table and "+
		"chart of this report.\n\n")
	var rows [][]string
	for _, g := range groups {
		agree := fmt.Sprintf("yes, %d of %d cells", g.Cells-g.Disagree, g.Cells)
		if g.Disagree > 0 {
			agree = fmt.Sprintf("**no**: %d of %d cells disagree (%s)", g.Disagree, g.Cells, plural(g.Mismatched, "sample"))
		}
		failed := strconv.Itoa(g.Failed)
		if g.Failed > 0 {
			failed = "**" + failed + "**: " + strings.Join(g.Errors, "; ")
		}
		rows = append(rows, []string{g.Platform + " (" + emulatedMark + ")", emulatorName(g.Emulator), g.Backend,
			strconv.Itoa(g.Cells), strconv.Itoa(g.Samples), failed, agree})
	}
	MarkdownTable(w, []string{"Platform", "Emulator", "Backend", "Cells", "Samples", "Failed", "Output digests agree"}, rows)
	var envs []string
	for _, g := range groups {
		line := fmt.Sprintf("- %s under `%s`: hosts report %s", g.Platform, g.Emulator, strings.Join(g.OS, ", "))
		if len(g.OS) == 0 {
			line = fmt.Sprintf("- %s under `%s`: no host reported", g.Platform, g.Emulator)
		}
		if !slices.Contains(envs, line) {
			envs = append(envs, line)
		}
	}
	fmt.Fprintf(w, "%s\n\n", strings.Join(envs, "\n"))
	for _, mf := range m.Emulated.Runs {
		fmt.Fprintf(w, "Run `%s`: profile %s, status %s, %d of %d planned samples (%d failed), backends %s",
			mf.Run, mf.Profile, mf.Status, mf.Samples, mf.Planned, mf.Failed, strings.Join(mf.Plan.Backends, ", "))
		if mf.Emulated != "" {
			fmt.Fprintf(w, ", hosts under `%s`", mf.Emulated)
		}
		if !mf.End.IsZero() && !mf.Start.IsZero() {
			fmt.Fprintf(w, ", %s", mf.End.Sub(mf.Start).Round(time.Second))
		}
		fmt.Fprintf(w, ".\n\n")
	}
}

// emulatorName is an emulator command's program name: "wine-exec.sh", "qemu-aarch64-static".
func emulatorName(cmd string) string {
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return "unknown"
	}
	return filepath.Base(f[0])
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	if line == "" {
		return "no error message"
	}
	return line
}

// plural is "1 sample", "2 samples".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
