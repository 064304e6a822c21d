package stats

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// instanceRun is one runner instance's 12 rounds of control and pooled/8 in testCell: control 20 ms a
// round times the round's machine state, the candidate its own offset (log scale) plus noise of sd per
// round.
func instanceRun(r *rand.Rand, run string, offset, sd float64) []matrix.Sample {
	var out []matrix.Sample
	level := math.Exp(r.NormFloat64() * 0.1) // the instance's own speed
	for round := range 12 {
		machine := level * math.Exp(r.NormFloat64()*0.03)
		for pos, v := range []string{"control", "pooled/8"} {
			ms := 20 * machine
			if v != "control" {
				ms *= math.Exp(offset + r.NormFloat64()*sd)
			}
			out = append(out, matrix.Sample{Run: run, Cell: testCell, Variant: v, Round: round, Position: (pos + round) % 2, OK: true,
				Result: &hostresult.Result{Variant: v, Ops: 1000, ElapsedNs: int64(ms * 1e6), OutputBytes: 1, Digest: "d"}})
		}
	}
	return out
}

func TestInstancesOppositeEffects(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	samples := append(instanceRun(r, "A", -0.05, 0.005), instanceRun(r, "B", 0.05, 0.005)...)
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Cells[0].Delta("pooled/8", Elapsed.Name)
	in := d.Instances
	if in == nil || len(in.Per) != 2 || in.Per[0].Class != Faster || in.Per[1].Class != Slower || !in.Disagree {
		t.Fatalf("instances %+v: want A faster, B slower, disagreeing", in)
	}
	if d.Class().Decided() || d.Significant() {
		t.Errorf("opposite instances got the verdict %s", d.Class())
	}
	rec := a.CellRecords().Records
	var got *CellRecord
	for i := range rec {
		if rec[i].Metric == Elapsed.Name {
			got = &rec[i]
		}
	}
	if got == nil || len(got.Instances) != 2 || got.Heterogeneity == nil || !got.Heterogeneity.Disagree || got.Heterogeneity.K != 2 ||
		got.Test != "moderated-t" || got.Moderation == nil || got.Moderation.K != 2 || got.Heterogeneity.I2 < 0.9 || math.Abs(got.Heterogeneity.Tau-7.07) > 1 { // offsets of -+5%: tau 10/sqrt(2)
		t.Errorf("record %+v, heterogeneity %+v", got, got.Heterogeneity)
	}
	var buf strings.Builder
	if err := WriteCells(&buf, a.CellRecords()); err != nil || !strings.Contains(buf.String(), `"heterogeneity"`) {
		t.Errorf("cells.json lacks the heterogeneity: %v", err)
	}
}

func TestInstancesAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	var samples []matrix.Sample
	for _, run := range []string{"A", "B", "C"} {
		samples = append(samples, instanceRun(r, run, -0.3, 0.01)...)
	}
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Cells[0].Delta("pooled/8", Elapsed.Name)
	if !d.Instances.Decides() || d.Instances.Combined.K != 3 || d.Class() != Faster || d.Instances.Disagree {
		t.Fatalf("class %s, instances %+v: want faster from three agreeing instances", d.Class(), d.Instances)
	}
	if c, lo, hi := d.AdjustedPercent(); !(lo < c && c < hi && hi < 0) || math.Abs(c+26) > 2 {
		t.Errorf("combined %v [%v, %v], want about -26%%", c, lo, hi)
	}
	one, _ := Analyze(instanceRun(r, "A", -0.3, 0.01), Options{})
	if one.Cells[0].Delta("pooled/8", Elapsed.Name).Instances != nil {
		t.Error("one instance got an instance analysis")
	}
}

// TestInstanceHeterogeneity is issue 27's simulation (a): K = 3 runner instances, no true effect, each
// instance's candidate offset drawn from N(0, 2.5%) (log scale), 12 rounds per instance with 1% noise
// per round. A verdict from one instance alone (the design before replicas) is a false positive whenever
// its own offset is visible; the random-effects combination over the three carries the offsets'
// variance. go test ./matrix/stats -run InstanceHeterogeneity -v prints the rates docs/notebook/2026-12-01-replicas-moderated-decision.md quotes.
func TestInstanceHeterogeneity(t *testing.T) {
	const trials = 1000
	r := rand.New(rand.NewPCG(27, 7))
	opts := Options{Metrics: []Metric{Elapsed}}
	var oneFalse, oneVerdicts, combinedFalse int
	for range trials {
		var merged []matrix.Sample
		for _, run := range []string{"A", "B", "C"} {
			inst := instanceRun(r, run, r.NormFloat64()*math.Log(1.025), 0.01)
			merged = append(merged, inst...)
			a, err := Analyze(inst, opts)
			if err != nil {
				t.Fatal(err)
			}
			oneVerdicts++
			if a.Cells[0].Delta("pooled/8", Elapsed.Name).Class().Decided() {
				oneFalse++
			}
		}
		a, err := Analyze(merged, opts)
		if err != nil {
			t.Fatal(err)
		}
		if a.Cells[0].Delta("pooled/8", Elapsed.Name).Class().Decided() {
			combinedFalse++
		}
	}
	oneRate, combRate := float64(oneFalse)/float64(oneVerdicts), float64(combinedFalse)/trials
	olo, ohi := Wilson(oneFalse, oneVerdicts)
	clo, chi := Wilson(combinedFalse, trials)
	t.Logf("one instance: %d of %d verdicts faster or slower (%.1f%% [%.1f, %.1f]); three instances combined: %d of %d (%.1f%% [%.1f, %.1f])",
		oneFalse, oneVerdicts, 100*oneRate, 100*olo, 100*ohi, combinedFalse, trials, 100*combRate, 100*clo, 100*chi)
	if combRate > 0.05 || oneRate < 0.3 {
		t.Errorf("false positives: one instance %.3f, combined %.3f; want the combination at most 5%%", oneRate, combRate)
	}
}

// TestTwoPseudoInstances shows what two runner instances decide: the committed run's 12 rounds (its first
// instance's, when it is merged) split into two "instances" of 6 (rounds 0-5 and 6-11, one machine, so no
// true between-instance variance), analysed as a merged folder is, against the same rounds as one
// instance. The moderated combination borrows the family's variance, so the halves may decide more than
// the one instance's own signed-rank tests; what must not happen is a contradiction, a cell faster one way
// and slower the other.
// go test ./matrix/stats -run TwoPseudoInstances -v prints the counts docs/notebook/2026-12-01-replicas-moderated-decision.md quotes.
func TestTwoPseudoInstances(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the committed report's 23 MB of samples")
	}
	_, all := committedRun(t)
	// One runner instance: a merged committed run (several instances) is read as its first run alone.
	var samples []matrix.Sample
	for _, s := range all {
		if s.Run == all[0].Run {
			samples = append(samples, s)
		}
	}
	opts := Options{Metrics: []Metric{Elapsed}}
	classes := map[string][2]Class{}
	count := func(ss []matrix.Sample, i int) map[Class]int {
		a, err := Analyze(ss, opts)
		if err != nil {
			t.Fatal(err)
		}
		out := map[Class]int{}
		for _, c := range a.Cells {
			for _, d := range c.Deltas {
				out[d.Class()]++
				k := c.Workload + c.Phase + d.Candidate + string(rune(c.DOP))
				got := classes[k]
				got[i] = d.Class()
				classes[k] = got
			}
		}
		return out
	}
	one := count(samples, 0)
	split := make([]matrix.Sample, len(samples))
	copy(split, samples)
	for i := range split {
		if split[i].Round >= 6 {
			split[i].Run += "/second-half"
			split[i].Round -= 6
		}
	}
	two := count(split, 1)
	t.Logf("one instance, 12 rounds: %v; two instances of 6 rounds: %v", one, two)
	for k, c := range classes {
		if c[0].Decided() && c[1].Decided() && c[0] != c[1] {
			t.Errorf("%s: one instance %s, two halves %s", k, c[0], c[1])
		}
	}
}
