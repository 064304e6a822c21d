package report

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// missingPlatforms are the planned platforms (Options.Planned: the workflow's platforms) that have no
// measured sample here: a measure job that failed, was cancelled, or never got its runner (a private
// repository refuses the arm64 labels). The report must say so at its top: the verdicts cover only the
// platforms that came back, and nothing else on the page would tell that one is absent.
func missingPlatforms(planned []string, samples map[string]int) []string {
	var out []string
	for _, p := range planned {
		if samples[p] == 0 && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// writeMissing names the planned platforms without results, first thing under the title (and in the
// step summary); nothing when every planned platform reported or no plan was given.
func writeMissing(w io.Writer, m *model) {
	if len(m.Missing) == 0 {
		return
	}
	fmt.Fprintf(w, "> **No results from %s.** Planned, but its measure job brought back no sample (it failed, was cancelled, or never got a runner): every verdict below is for the other platforms only.\n\n",
		strings.Join(m.Missing, ", "))
}

// checkPlanned refuses a planned platform that is not goos/goarch.
func checkPlanned(planned []string) error {
	for _, p := range planned {
		if goos, goarch, ok := strings.Cut(p, "/"); !ok || goos == "" || goarch == "" || strings.Contains(goarch, "/") {
			return fmt.Errorf("report: -planned %q: want goos/goarch platforms, e.g. linux/amd64,windows/arm64", p)
		}
	}
	return nil
}
