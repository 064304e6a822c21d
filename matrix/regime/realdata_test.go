package regime

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// committedRun is the full-profile run whose two-speed cells issue 18 names: the samples of the report
// reports/20261130T105456Z-linux-amd64 (commit 1821d57, on a machine shared with other builds), kept here
// as test data when a quiet full run replaced that report.
var committedRun = filepath.Join("testdata", "two-speeds-20261130T105456Z.jsonl")

// seriesKey names one variant's series in one cell.
type seriesKey struct {
	Backend, Workload string
	DOP               int
	Phase, Variant    string
}

func (k seriesKey) String() string {
	return fmt.Sprintf("%s %s/%d %s %s", k.Backend, k.Workload, k.DOP, k.Phase, k.Variant)
}

// readSeries reads a results file's time per operation (ns) per cell and variant, in round order. The
// package imports nothing of the project, so it reads the few fields it needs itself.
func readSeries(t testing.TB, path string) map[seriesKey][]float64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type sample struct {
		Cell struct {
			Workload, Phase, Backend string
			DOP                      int
		}
		Variant string
		Round   int
		OK      bool
		Result  *struct {
			Ops       int
			ElapsedNs int64
		}
	}
	byRound := map[seriesKey]map[int]float64{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var s sample
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		if !s.OK || s.Result == nil || s.Result.Ops == 0 {
			continue
		}
		k := seriesKey{s.Cell.Backend, s.Cell.Workload, s.Cell.DOP, s.Cell.Phase, s.Variant}
		if byRound[k] == nil {
			byRound[k] = map[int]float64{}
		}
		byRound[k][s.Round] = float64(s.Result.ElapsedNs) / float64(s.Result.Ops)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	out := map[seriesKey][]float64{}
	for k, rs := range byRound {
		rounds := make([]int, 0, len(rs))
		for r := range rs {
			rounds = append(rounds, r)
		}
		sort.Ints(rounds)
		for _, r := range rounds {
			out[k] = append(out[k], rs[r])
		}
	}
	return out
}

// TestCommittedRun checks the detector against the committed full run's real two-speed series (issue 18
// names them: libc mixed DOP 4 and 12 warm pooled/12, pages mixed DOP 4 warm pooled/12 and /16) and its
// clean ones: every series of the run is flagged or not exactly as listed.
func TestCommittedRun(t *testing.T) {
	series := readSeries(t, committedRun)
	if len(series) != 160 {
		t.Fatalf("read %d series from %s, want 160 (32 cells x 5 variants)", len(series), committedRun)
	}
	twoSpeed := map[string]bool{}
	for _, k := range committedTwoSpeed {
		twoSpeed[k] = true
	}
	oneOdd := map[string]bool{}
	for _, k := range committedOneOddRound {
		oneOdd[k] = true
	}
	for k, vals := range series {
		r := Detect(vals, Options{})
		if old := Detect(vals, Options{MinRounds: 1}); old.Flagged != (twoSpeed[k.String()] || oneOdd[k.String()]) {
			t.Errorf("%s: flagged %v by the one-round rule, want %v", k, old.Flagged, !old.Flagged)
		}
		if r.Flagged != twoSpeed[k.String()] {
			t.Errorf("%s: flagged %v, want %v (ratio %.3f, separation %.1f, groups %d/%d): %.0f", k, r.Flagged, twoSpeed[k.String()], r.Ratio, r.Separation, r.Low.N, r.High.N, vals)
		}
	}
}

// committedTwoSpeed are the committed run's series whose rounds sit at two speeds (~13-15 and ~31-40
// us/op, or 26 and 38 at DOP 1), read off its raw data; every other series there is one speed. Series
// that sat at the slow speed for all ten rounds (libc mixed/4 warm pooled/16, libc mixed/12 cold pooled/12
// and /16) show no switch within their cell, and no within-cell detector can flag them.
var committedTwoSpeed = []string{
	"libc mixed/12 warm pooled/12",
	"libc mixed/12 warm pooled/16",
	"pages mixed/4 warm pooled/12",
	"pages mixed/4 warm pooled/16",
	"pages mixed/8 warm pooled/12",
	"pages mixed/8 warm pooled/16",
}

// committedOneOddRound are the committed run's series whose other speed is a single round of ten: flagged
// when one round was enough, and no longer (regime.Default.MinRounds). libc mixed/4 warm pooled/12 (the
// +161%: one round at 19.0 us/op, nine at 31.5-34.8) is among them.
var committedOneOddRound = []string{
	"libc mixed/4 warm pooled/12",
	"pages mixed/1 cold pooled/16",
	"pages mixed/4 cold pooled/12",
	"pages mixed/8 cold pooled/12",
	"pages mixed/8 cold pooled/16",
	"pages mixed/12 cold pooled/12",
	"pages mixed/12 cold pooled/16",
}
