package stats

import (
	"fmt"
	"sort"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
)

// Integrity counts what happened to the samples of one variant in one cell. Only samples that are OK and
// agree with the cell's reference output enter the statistics; the others are counted here.
type Integrity struct {
	Samples    int      // lines in the results for this variant and cell
	Failed     int      // samples whose host process failed (OK false)
	Mismatched int      // OK samples whose output bytes or digest differ from the cell's reference
	Used       int      // samples that enter the statistics: Samples - Failed - Mismatched
	Busy       int      // of the used samples, those taken on a busy machine (host.Result.Busy); still used
	Errors     []string // distinct failure messages, sorted; a failed host's last stderr line follows its error
}

// output identifies what a sample produced; all variants of a cell must produce the same.
type output struct {
	Bytes  int64
	Digest string
}

func (o output) String() string { return fmt.Sprintf("%d bytes, digest %s", o.Bytes, o.Digest) }

// reference returns the output the cell's samples must agree on: the most frequent output among the
// control's successful samples, or among all successful samples when control has none (ties broken by
// the smaller digest, so the choice is deterministic). ok is false when no sample succeeded.
func reference(samples []matrix.Sample, control string) (ref output, ok bool) {
	for _, onlyControl := range []bool{true, false} {
		counts := map[output]int{}
		for _, s := range samples {
			if !s.OK || s.Result == nil || (onlyControl && s.Variant != control) {
				continue
			}
			counts[output{s.Result.OutputBytes, s.Result.Digest}]++
		}
		if len(counts) == 0 {
			continue
		}
		outs := make([]output, 0, len(counts))
		for o := range counts {
			outs = append(outs, o)
		}
		sort.Slice(outs, func(i, j int) bool {
			a, b := outs[i], outs[j]
			if counts[a] != counts[b] {
				return counts[a] > counts[b]
			}
			if a.Digest != b.Digest {
				return a.Digest < b.Digest
			}
			return a.Bytes < b.Bytes
		})
		return outs[0], true
	}
	return output{}, false
}

// usable reports whether a sample enters the statistics, given the cell's reference output.
func usable(s matrix.Sample, ref output) bool {
	return s.OK && s.Result != nil && (output{s.Result.OutputBytes, s.Result.Digest}) == ref
}

// count fills an Integrity for samples of one variant.
func count(samples []matrix.Sample, ref output) Integrity {
	var in Integrity
	errs := map[string]bool{}
	for _, s := range samples {
		in.Samples++
		switch {
		case !s.OK || s.Result == nil:
			in.Failed++
			msg := s.Error
			if msg == "" {
				msg = fmt.Sprintf("exit status %d", s.ExitStatus)
			}
			if tail := lastLine(s.StderrTail); tail != "" {
				msg += ": stderr: " + tail
			}
			errs[msg] = true
		case !usable(s, ref):
			in.Mismatched++
			errs[fmt.Sprintf("output %s, want %s", output{s.Result.OutputBytes, s.Result.Digest}, ref)] = true
		default:
			in.Used++
			if s.Result.Busy() {
				in.Busy++
			}
		}
	}
	for e := range errs {
		in.Errors = append(in.Errors, e)
	}
	sort.Strings(in.Errors)
	return in
}

// lastLine is the last non-blank line of s, trimmed: where a crashing Go program says why.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
