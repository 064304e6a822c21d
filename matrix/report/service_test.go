package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// The service lines group measured service samples by platform and backend, take medians over samples
// of each sample's probe, and leave out other workloads, failed and emulated samples.
func TestServiceLines(t *testing.T) {
	sample := func(backend string, pristineNs, fragNs int64, faults int64, emulated string, svc bool) matrix.Sample {
		s := matrix.Sample{OK: true, Emulated: emulated, Cell: matrix.Cell{Platform: "linux/amd64", Backend: backend, Workload: "service"},
			Result: &hostresult.Result{}}
		if svc {
			s.Result.Service = &hostresult.Service{Heap: "malloc", LiveBytes: 1 << 20, LiveBlocks: 10,
				Pristine:   hostresult.Probe{Ns: []int64{pristineNs, pristineNs, 1}, Faults: []int64{86, 86, 0}},
				Fragmented: hostresult.Probe{Ns: []int64{fragNs, fragNs, 1}, Faults: []int64{faults, faults, faults}}}
		}
		return s
	}
	lines := newServiceLines([]matrix.Sample{
		sample("libc", 1000, 500, 0, "", true),
		sample("libc", 1000, 2000, 0, "", true),
		sample("libc", 1000, 1000, 0, "", true),
		sample("pages", 1000, 1000, 86, "", true),
		sample("pages", 1, 1, 86, "wine", true), // emulated: left out
		sample("goheap", 1, 1, 0, "", false),    // no service record: left out
	})
	if len(lines) != 2 || lines[0].Backend != "libc" || lines[1].Backend != "pages" {
		t.Fatalf("lines %+v, want libc then pages", lines)
	}
	l := lines[0]
	if l.Samples != 3 || l.RatioNs != 1 || l.RatioNsLo != 0.5 || l.RatioNsHi != 2 || l.PristineFaults != 172.0/3 || l.LastPristineFaults != 0 {
		t.Errorf("libc line %+v", l)
	}
	if p := lines[1]; p.Samples != 1 || p.FragmentedFaults != 86 || p.LastFragmentedFaults != 86 {
		t.Errorf("pages line %+v", p)
	}
	var b bytes.Buffer
	writeServiceHeap(&b, &model{Service: lines})
	if out := b.String(); !strings.Contains(out, "## Service heap") || !strings.Contains(out, "| linux/amd64 | libc | 3 |") {
		t.Errorf("section:\n%s", out)
	}
	b.Reset()
	writeServiceHeap(&b, &model{})
	if b.Len() != 0 {
		t.Errorf("no service samples: section %q, want nothing", b.String())
	}
}
