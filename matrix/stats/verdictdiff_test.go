package stats

import "testing"

func TestDiffVerdicts(t *testing.T) {
	rec := func(workload string, dop int, cand, metric string, v Class) CellRecord {
		return CellRecord{Platform: "linux/amd64", Backend: "libc", Workload: workload, DOP: dop, Phase: "warm", Candidate: cand, Metric: metric, Verdict: v}
	}
	old := Cells{Records: []CellRecord{
		rec("fixed", 1, "pooled/8", "elapsed", Faster),       // same
		rec("fixed", 4, "pooled/8", "elapsed", Faster),       // flips to slower
		rec("mixed", 1, "pooled/8", "elapsed", Inconclusive), // becomes slower
		rec("mixed", 1, "splitalloc", "elapsed", Slower),     // only in old
		rec("fixed", 1, "pooled/8", "faults", Slower),        // another metric: ignored
	}}
	new := Cells{Records: []CellRecord{
		rec("fixed", 1, "pooled/8", "elapsed", Faster),
		rec("fixed", 4, "pooled/8", "elapsed", Slower),
		rec("mixed", 1, "pooled/8", "elapsed", Slower),
		rec("stream", 1, "pooled/8", "elapsed", Equivalent), // only in new
		rec("fixed", 1, "pooled/8", "faults", Faster),
	}}
	d := DiffVerdicts(old, new, Elapsed.Name)
	if d.Same != 1 || len(d.Changed) != 2 || len(d.OnlyOld) != 1 || len(d.OnlyNew) != 1 {
		t.Fatalf("same %d, changed %d, only old %d, only new %d; want 1, 2, 1, 1", d.Same, len(d.Changed), len(d.OnlyOld), len(d.OnlyNew))
	}
	if got := d.Flips(); got != 1 {
		t.Errorf("flips %d, want 1 (fixed/4 faster -> slower)", got)
	}
	if c := d.Changed[0]; c.Key.DOP != 4 || c.Old.Verdict != Faster || c.New.Verdict != Slower {
		t.Errorf("first change %+v, want fixed/4 faster -> slower", c)
	}
	if d.OnlyOld[0].Candidate != "splitalloc" || d.OnlyNew[0].Workload != "stream" {
		t.Errorf("only old %+v, only new %+v", d.OnlyOld[0], d.OnlyNew[0])
	}
	if total := d.Same + len(d.Changed) + len(d.OnlyOld); total != 4 {
		t.Errorf("old's elapsed comparisons counted %d times, want 4", total)
	}
}
