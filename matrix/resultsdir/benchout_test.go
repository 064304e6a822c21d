package resultsdir

import (
	"bytes"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// bench.txt carries each counter the sample has as a unit of its own, per operation, and leaves out the
// ones it lacks: an old result or an OS without the counter writes no value rather than 0.
func TestWriteBenchCounters(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	cell := matrix.Cell{Platform: "linux/amd64", Backend: "libc", Workload: "mixed", DOP: 4, Phase: "warm"}
	res := func(c *hostresult.Counters) *hostresult.Result {
		return &hostresult.Result{Ops: 1000, ElapsedNs: 2e7, Counters: c}
	}
	samples := []matrix.Sample{
		{Cell: cell, Variant: "pooled", OK: true, Result: res(&hostresult.Counters{CPUNs: n(3e7), InvolCtxSw: n(0), Handoffs: n(500)})},
		{Cell: cell, Variant: "control", OK: true, Result: res(nil)},
	}
	var buf bytes.Buffer
	if err := WriteBench(&buf, samples); err != nil {
		t.Fatal(err)
	}
	r := benchfmt.NewReader(&buf, "bench.txt")
	var units []map[string]float64
	for r.Scan() {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			u := map[string]float64{}
			for _, v := range res.Values {
				if v.OrigUnit != "" { // as written: the reader tidies ns to sec (cpu-ns/op reads as cpu-sec/op)
					u[v.OrigUnit] = v.OrigValue
				} else {
					u[v.Unit] = v.Value
				}
			}
			units = append(units, u)
		}
	}
	if err := r.Err(); err != nil || len(units) != 2 {
		t.Fatalf("%d results, error %v", len(units), err)
	}
	want := map[string]float64{"cpu-ns/op": 3e4, "ctxsw-invol/op": 0, "handoffs/op": 0.5}
	for unit, v := range want {
		if got, ok := units[0][unit]; !ok || got != v {
			t.Errorf("pooled %s = %v (present %v), want %v", unit, got, ok, v)
		}
	}
	for _, absent := range []string{"ctxsw-vol/op", "steal-ns/op", "cycles/op", "cpu-changes/op"} {
		if v, ok := units[0][absent]; ok {
			t.Errorf("pooled %s = %v, want absent", absent, v)
		}
	}
	for _, k := range hostresult.CounterList {
		if v, ok := units[1][k.Unit]; ok {
			t.Errorf("a result without counters wrote %s = %v", k.Unit, v)
		}
	}
	if _, ok := units[1]["ns/op"]; !ok {
		t.Error("a result without counters lost ns/op")
	}
}
