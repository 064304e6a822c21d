package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// The heap-change section pairs each service cell with its twin, fixed: control 25% slower in the service
// heap, pooled/8 even with control in the pristine heap and 10% faster in the service one, so the rows
// read +25 and -10 with intervals; a run without service cells writes nothing.
func TestServiceHeapChange(t *testing.T) {
	var ss []matrix.Sample
	dop := 1
	add := func(workload, variant string, round, pos int, ms float64) {
		ss = append(ss, matrix.Sample{Run: "r", Round: round, Position: pos, OK: true, Variant: variant,
			Cell:   matrix.Cell{Platform: "linux/amd64", Backend: "libc", Workload: workload, DOP: dop, Phase: "warm"},
			Result: &hostresult.Result{Variant: variant, Ops: 1000, ElapsedNs: int64(ms * 1e6), OutputBytes: 42, Digest: "d"}})
	}
	for r := range 12 {
		base := 20 + float64(r%4) // rounds differ; both cells share each round's level
		wob := 1 + 0.003*float64(r%3-1)
		add("fixed", "control", r, r%2, base)
		add("fixed", "pooled/8", r, 1-r%2, base*wob)
		heap := 1.25 * (1 + 0.004*float64(r%5-2)) // the background's cost, varying by round
		add("service", "control", r, r%2, base*heap)
		add("service", "pooled/8", r, 1-r%2, base*heap*0.9/wob)
	}
	dop = 4 // above DOP 1 the service time holds the churn: not compared
	for r := range 12 {
		add("fixed", "control", r, r%2, 10)
		add("fixed", "pooled/8", r, 1-r%2, 10)
		add("service", "control", r, r%2, 30)
		add("service", "pooled/8", r, 1-r%2, 30)
	}
	a, err := stats.Analyze(ss, stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	writeServiceHeapChange(&b, &model{Analysis: a, ServiceHeaps: a.ServiceHeaps(stats.Elapsed, workloadTwin)})
	out := b.String()
	for _, want := range []string{"## " + serviceHeapChangeHeading, "| linux/amd64 | libc | fixed → service | 1 | warm | +25 [",
		"| linux/amd64 | libc | 1 | warm | pooled/8 | -0.0", "| -10 | -10 [-1"} {
		if !strings.Contains(out, want) {
			t.Errorf("section lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "Only DOP 1 is compared: above it (here DOP 4)") || strings.Contains(out, "| 4 |") {
		t.Errorf("DOP 4 must be named as not compared, and have no row:\n%s", out)
	}
	b.Reset()
	fixedOnly := ss[:0:0]
	for _, s := range ss {
		if s.Cell.Workload == "fixed" {
			fixedOnly = append(fixedOnly, s)
		}
	}
	a, _ = stats.Analyze(fixedOnly, stats.Options{})
	writeServiceHeapChange(&b, &model{Analysis: a, ServiceHeaps: a.ServiceHeaps(stats.Elapsed, workloadTwin)})
	if b.Len() != 0 {
		t.Errorf("no service cells: %q, want nothing", b.String())
	}
}
