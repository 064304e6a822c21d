package report

import (
	"cmp"
	"fmt"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// weakProfiles are the runner profiles whose samples are too short or too few to measure anything.
var weakProfiles = map[string]string{
	"smoke": "checks that the pipeline runs, with a few dozen operations per sample and three rounds; it measures nothing",
}

// weakEvidence lists why the page's numbers deserve less trust than their intervals suggest, one reason
// a line; empty when there is none.
func weakEvidence(m *model) []string {
	var out []string
	for _, u := range m.Unchecked { // first: what the report could not check underlies everything else
		out = append(out, "**Not checked against its plan:** "+u.String()+".")
	}
	for _, mb := range m.MixedBuilds {
		out = append(out, fmt.Sprintf("**Two builds of one variant:** %s; its comparisons mix two programs (rebuild once and run again).", mb))
	}
	for _, src := range m.Sources {
		if mf := src.Manifest; mf != nil && weakProfiles[mf.Profile] != "" {
			out = append(out, fmt.Sprintf("Run `%s` used the **%s profile**, which %s.", mf.Run, mf.Profile, weakProfiles[mf.Profile]))
		}
		if mf := src.Manifest; mf != nil && !mf.Complete() {
			out = append(out, incompleteText(src, m.RawRoot))
		}
	}
	var thin, tests, failed, mismatched, all int
	for _, c := range m.Analysis.Cells {
		for _, v := range c.Variants {
			all += v.Samples
			failed += v.Failed
			mismatched += v.Mismatched
		}
		for _, d := range c.Deltas {
			if d.Metric == stats.Elapsed.Name {
				tests++
				if d.Thin() {
					thin++
				}
			}
		}
	}
	if sentence, _ := leftOut(m); sentence != "" {
		out = append(out, sentence+" They are named under Data quality.")
	}
	if thin > 0 {
		out = append(out, fmt.Sprintf("%d of %d cell comparisons have **too few pairs for an interval** (fewer than 6 rounds with both samples usable).", thin, tests))
	}
	if failed+mismatched > 0 {
		out = append(out, fmt.Sprintf("**%d of %d samples failed or disagreed** (%d failed, %d produced output that differs from their cell's reference); they are left out (see Data quality).", failed+mismatched, all, failed, mismatched))
	}
	var busy, total int
	for _, l := range m.Load {
		busy += l.Busy
		total += l.Samples
	}
	if busy > 0 {
		out = append(out, fmt.Sprintf("**%d of %d samples ran on a busy machine** (%s; the elapsed tables' notes name their cells, Environment the readings).", busy, total, hostresult.BusyDefinition))
	}
	out = append(out, validityWeaknesses(m)...)
	out = append(out, validityFlags(m)...)
	if l := roundsLine(m); l != "" && len(out) > 0 {
		out = append(out, l)
	}
	return out
}

// incompleteText says that a run did not record every planned sample (re-sampled cells' extra rounds
// included: matrix.Count), and how to take the rest: complete means every planned sample present,
// whatever run.json's status says (a line cut in half, or lost). The resume names the results folder the
// run was written to (run.json's dir), never the report's raw copy, which refuses to be resumed into; a
// run older than that record is resumed in its own folder, which the report cannot name. A merged
// folder's run is resumed in its own folder, then merged again.
func incompleteText(src source, rawRoot string) string {
	mf := src.Manifest
	how := fmt.Sprintf("resume with `%s`", resultsdir.ResumeCommand(cmp.Or(mf.Dir, "<dir>")))
	if mf.Dir == "" {
		how += fmt.Sprintf(" in the run's own results folder (%s/%s is the report's copy, which refuses it)", rawRoot, src.Group)
	}
	if src.MergedFrom != "" {
		how += fmt.Sprintf(", then merge again (raw/%s is the merge)", src.Group)
	}
	return fmt.Sprintf("Run `%s` is **%s**, %d of %d planned samples recorded; %s.", mf.Run, stateText(mf), mf.Samples, mf.Planned, how)
}

// stateText is an incomplete run's state: "incomplete", after its status when that is not complete.
func stateText(mf *matrix.Manifest) string {
	if mf.Status == matrix.StatusComplete {
		return "incomplete"
	}
	return statusText(mf.Status) + ", incomplete"
}

// statusText is a run's status in the banner's words.
func statusText(status string) string {
	if status == matrix.StatusDiskFull {
		return "stopped by a full disk"
	}
	return status
}

// bannerLine is the first page's one line of warnings when there is a reason for doubt, written as the
// last of the run lines (writeRunLines): each reason's head, linked to the environment page, which gives
// them in full. Reasons the run lines already state (oversubscribed DOPs: "throughput under contention")
// are not repeated; "" when there is nothing to warn of.
func bannerLine(m *model) string {
	heads := bannerHeads(weakEvidence(m))
	if len(heads) == 0 {
		return ""
	}
	return fmt.Sprintf("⚠ **Weak evidence** ([details](%s)): %s.", pageLink(environmentPage, weakEvidenceHeading), strings.Join(heads, "; "))
}

// bannerHeads are the heads of the weak-evidence reasons the run lines do not state, in order, each once:
// a reason given for each of several runs (the harness overhead) has one head, said once with its count,
// "(x3)".
func bannerHeads(reasons []string) []string {
	var heads []string
	times := map[string]int{}
	for _, r := range reasons {
		if onRunLines(r) {
			continue
		}
		h := reasonHead(r)
		if times[h]++; times[h] == 1 {
			heads = append(heads, h)
		}
	}
	for i, h := range heads {
		if n := times[h]; n > 1 {
			heads[i] = fmt.Sprintf("%s (×%d)", h, n)
		}
		if i > 0 && strings.HasPrefix(h, "The ") {
			heads[i] = "the " + heads[i][len("The "):] // mid-sentence, after a semicolon
		}
	}
	return heads
}

// onRunLines reports whether a weak-evidence reason is said by the first page's run lines (writeRunLines).
func onRunLines(reason string) bool {
	h := reasonHead(reason)
	return strings.Contains(h, " oversubscribed ") || strings.HasSuffix(h, " rounds per cell") || h == "Underpowered"
}

// weakEvidenceHeading heads the environment page's list of the banner's reasons, which the banner links.
const weakEvidenceHeading = "Weak evidence"

// writeBannerFull lists every reason of the first page's banner in full.
func writeBannerFull(w io.Writer, m *model) {
	reasons := weakEvidence(m)
	if len(reasons) == 0 {
		return
	}
	fmt.Fprintf(w, "## %s\n\nRead the verdicts as indications, not measurements:\n\n", weakEvidenceHeading)
	for _, r := range reasons {
		fmt.Fprintf(w, "- %s\n", r)
	}
	fmt.Fprintln(w)
}

// reasonHead is a banner reason's lead, for the first page's one-line banner: its words up to the first
// parenthesis, colon or ", which", without emphasis.
func reasonHead(r string) string {
	r = strings.ReplaceAll(r, "**", "")
	for _, sep := range []string{" (", ": ", ", which"} {
		if i := strings.Index(r, sep); i > 0 {
			r = r[:i]
		}
	}
	return strings.TrimSuffix(r, ".")
}

// joinNonEmpty joins the non-empty strings.
func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}
