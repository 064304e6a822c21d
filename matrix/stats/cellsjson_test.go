package stats

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
)

// twoSpeed is a candidate whose rounds 7-9 run at 2.4 times the speed of rounds 0-6 (the committed run's
// libc mixed/12 warm pooled/12, in ms), against a steady control.
var (
	steadyControl = []float64{12.1, 12.7, 12.6, 12.5, 11.9, 12.2, 11.9, 11.9, 12.6, 12.2}
	twoSpeedCand  = []float64{13.6, 13.7, 13.6, 13.5, 13.6, 13.4, 13.2, 31.7, 32.6, 32.2}
	steadyCand    = []float64{13.6, 13.7, 13.6, 13.5, 13.6, 13.4, 13.2, 13.7, 13.6, 13.2}
)

func TestCellRecordsRoundTrip(t *testing.T) {
	samples := append(rounds("pooled/12", steadyControl, twoSpeedCand), rounds("splitalloc", steadyControl, steadyCand)...)
	for i := range samples {
		samples[i].Result.Env.NumCPU = 2 // testCell's DOP 8 oversubscribes two processors
	}
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cells := a.CellRecords()
	// These results predate the mechanism counters: the counters' metrics are absent, and have no deltas.
	if want := (len(Metrics) - len(CounterMetrics)) * 2; len(cells.Records) != want {
		t.Fatalf("%d records, want %d (every metric but the absent counters for 2 candidates)", len(cells.Records), want)
	}
	var buf bytes.Buffer
	if err := WriteCells(&buf, cells); err != nil {
		t.Fatal(err)
	}
	back, err := ReadCells(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, cells) {
		t.Errorf("round trip changed the records:\n%+v\n%+v", back.Records[0], cells.Records[0])
	}
	byCand := map[string]CellRecord{}
	for _, r := range back.Records {
		if r.Metric == Elapsed.Name {
			byCand[r.Candidate] = r
		}
		if !r.Oversubscribed || r.Processors != 2 {
			t.Errorf("%s %s: oversubscribed %v on %d processors, want true on 2", r.Candidate, r.Metric, r.Oversubscribed, r.Processors)
		}
	}
	u, s := byCand["pooled/12"], byCand["splitalloc"]
	if u.Verdict != Unstable || len(u.Regimes) != 1 || u.Regimes[0].Variant != "pooled/12" {
		t.Fatalf("two-speed candidate: verdict %q, regimes %+v; want unstable with pooled/12's groups", u.Verdict, u.Regimes)
	}
	g := u.Regimes[0].Groups
	if g[0].N != 7 || g[1].N != 3 || g[1].Rounds[0].Round != 7 || !u.Regimes[0].Contiguous || len(u.Regimes[0].Values) != 10 {
		t.Errorf("groups %+v, want 7 fast rounds then 3 slow from round 7, contiguous", g)
	}
	if s.Verdict != Slower || s.Regimes != nil || s.Estimate == nil || s.Lo == nil || s.PAdj == nil || s.Test != "signed-rank" {
		t.Errorf("steady candidate: %+v, want slower with an estimate, an interval and no regimes", s)
	}
}

func TestCellRecordsNulls(t *testing.T) {
	// Three rounds: an estimate but no interval, which must be null, not 0 or an error.
	a, err := Analyze(rounds("pooled", []float64{10, 11, 12}, []float64{5, 6, 7}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteCells(&buf, a.CellRecords()); err != nil {
		t.Fatal(err)
	}
	var raw struct{ Records []map[string]any }
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	r := raw.Records[0]
	if r["lo"] != nil || r["hi"] != nil || r["estimate"] == nil || r["regimes"] != nil {
		t.Errorf("thin record: lo %v hi %v estimate %v regimes %v; want null, null, a number, null", r["lo"], r["hi"], r["estimate"], r["regimes"])
	}
	if r["processors"] != 0.0 || r["oversubscribed"] != false {
		t.Errorf("no processor count: processors %v oversubscribed %v, want 0 and false", r["processors"], r["oversubscribed"])
	}
}

func TestReadCellsVersion(t *testing.T) {
	_, err := ReadCells(strings.NewReader(`{"version": 99, "records": []}`))
	if err == nil || !strings.Contains(err.Error(), "version 99") {
		t.Errorf("err = %v, want one naming version 99", err)
	}
}

func TestUnstableVerdict(t *testing.T) {
	a, err := Analyze(rounds("pooled/12", steadyControl, twoSpeedCand), Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Cells[0].Delta("pooled/12", Elapsed.Name)
	if !d.Unstable || d.Significant() || d.Class() != Unstable {
		t.Fatalf("unstable %v significant %v class %q; want true, false, unstable", d.Unstable, d.Significant(), d.Class())
	}
	if p := d.PAdjusted; !(p < 0.05) {
		t.Fatalf("the test alone would call it slower (p %v): the override is what this test checks", p)
	}
	for _, v := range a.Verdicts(Elapsed.Name) {
		if v.Unstable != 1 || v.Slower != 0 || v.Cells != v.Faster+v.Slower+v.Same+v.Unstable+v.NoData || v.Outcomes[0].Class != Unstable {
			t.Errorf("verdict %+v: want the cell counted unstable, not slower", v)
		}
	}
}

// The committed run's libc mixed/4 warm (us/op), with pooled/12's round 1 made fast too (one odd round is
// no longer a second speed: regime.Default.MinRounds): pooled/12 switched after round 1, pooled/16 sat at
// its slow speed throughout, pooled/8 (its own speed, between the two) at neither, splitalloc is another host.
func TestSiblingsAtOneSpeed(t *testing.T) {
	control := []float64{12.1, 12.6, 12.7, 12.6, 13.0, 12.9, 12.6, 12.5, 12.6, 12.7}
	series := map[string][]float64{
		"pooled/12":  {19.0, 19.6, 33.3, 34.8, 33.8, 34.7, 33.8, 31.9, 34.5, 32.2},
		"pooled/16":  {30.6, 32.5, 32.7, 32.4, 35.3, 34.4, 34.9, 33.4, 32.7, 34.5},
		"pooled/8":   {21.4, 28.9, 27.5, 26.4, 26.3, 26.0, 26.9, 27.0, 25.7, 26.3},
		"splitalloc": {33.1, 32.9, 32.8, 34.7, 33.5, 32.7, 32.8, 32.8, 32.6, 33.0},
	}
	var samples []matrix.Sample
	for name, vals := range series {
		samples = append(samples, rounds(name, control, vals)...)
	}
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := a.Cells[0]
	got := c.SiblingsAtOneSpeed(c.Variant("pooled/12"))
	if len(got) != 1 || got[0] != (Sibling{Name: "pooled/16", Slow: true}) {
		t.Errorf("siblings of pooled/12: %+v, want pooled/16 at the slow speed only", got)
	}
	if s := c.SiblingsAtOneSpeed(c.Variant("pooled/16")); s != nil {
		t.Errorf("an unflagged variant has siblings %+v", s)
	}
}
