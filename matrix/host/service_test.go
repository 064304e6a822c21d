package host

import (
	"errors"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/matrix/workload"
	"github.com/deflatelab/deflatelab/nativemem"
	"github.com/deflatelab/deflatelab/variants"
)

// smallBackground is the default mix at a size a test runs in milliseconds.
func smallBackground() workload.Background {
	b := workload.DefaultBackground()
	b.Blocks, b.Settle = 64, 128
	return b
}

func serviceParams(t *testing.T, heap, probe Heap, phase string, ops, warmup int) Params {
	t.Helper()
	w := workload.Service()
	bg := smallBackground()
	w.Background = &bg
	p := params(w, 2, phase, ops, warmup)
	p.Heap, p.HeapName, p.Probe = heap, "counting goheap", probe
	return p
}

// The probe allocates what the engine's consolidated state requests for fixed's configuration.
func TestStateSize(t *testing.T) {
	cfg := Configs(workload.Fixed(), deflate.ZlibNG225)[0]
	if got := deflate.Consolidated.Plan(cfg).TotalBytes(); got != workload.StateSize {
		t.Errorf("consolidated state at %v: %d bytes, workload.StateSize %d", cfg, got, workload.StateSize)
	}
}

// A service sample computes what fixed computes, records its background and probes, and frees every
// background block (counted), cold and warm, for every variant.
func TestServiceSample(t *testing.T) {
	ref := run(t, "control", params(workload.Fixed(), 1, Cold, 40, 0))
	for _, variant := range []string{"control", "pooled"} {
		for _, phase := range Phases() {
			warmup := map[string]int{Cold: 0, Warm: 20}[phase]
			heap, probe := nativemem.NewCounting(goheap(t)), nativemem.NewCounting(goheap(t))
			p := serviceParams(t, heap, probe, phase, 40, warmup)
			r := run(t, variant, p)
			s := r.Service
			if r.Digest != ref.Digest || s == nil {
				t.Fatalf("%s %s: digest %s (fixed's %s), service %+v", variant, phase, r.Digest, ref.Digest, s)
			}
			bg := smallBackground()
			if st := heap.Stats(); st.LiveBytes != 0 || st.Allocs != st.Frees || s.Allocs != st.Allocs || s.Frees != st.Frees {
				t.Errorf("%s %s: heap %+v, result allocs %d frees %d: want every block freed and counted", variant, phase, st, s.Allocs, s.Frees)
			}
			wantSteps := int64(bg.Blocks + bg.Settle + (40+warmup+ProbeReps)*bg.ChurnPerOp)
			if s.Allocs != wantSteps || s.ChurnSteps != int64(40*bg.ChurnPerOp) || s.LiveBlocks != int64(bg.Blocks) || s.LiveBytes <= 0 {
				t.Errorf("%s %s: %+v, want %d allocations, %d measured churn steps, %d live blocks", variant, phase, s, wantSteps, 40*bg.ChurnPerOp, bg.Blocks)
			}
			if st := probe.Stats(); st.Allocs != 2*ProbeReps || st.LiveBytes != 0 {
				t.Errorf("%s %s: probe backend %+v, want %d allocations, all freed", variant, phase, st, 2*ProbeReps)
			}
			for _, pr := range []Probe{s.Pristine, s.Fragmented} {
				if pr.Size != workload.StateSize || len(pr.Ns) != ProbeReps || len(pr.Faults) != ProbeReps {
					t.Errorf("%s %s: probe %+v", variant, phase, pr)
				}
			}
			if s.WallNs != r.ElapsedNs || s.ChurnNs <= 0 { // DOP 2: the churn stays on the clock
				t.Errorf("%s %s: wall %d, elapsed %d, churn %d: want elapsed = wall at DOP 2", variant, phase, s.WallNs, r.ElapsedNs, s.ChurnNs)
			}
		}
	}
}

// A background allocation that fails stops the sample with an error and leaves no block behind.
func TestServiceHeapFailure(t *testing.T) {
	for _, k := range []int{1, 30, 64 + 100, 64 + 128 + 20} { // the build, the settle, the churn
		counting := nativemem.NewCounting(goheap(t))
		heap := nativemem.NewFailing(counting, k)
		p := serviceParams(t, heap, goheap(t), Warm, 40, 20)
		v, err := variants.New("control", variants.Options{Alloc: goheap(t)})
		if err != nil {
			t.Fatal(err)
		}
		_, err = Run(v, p)
		if !errors.Is(err, nativemem.ErrInjected) {
			t.Errorf("failing allocation %d: error %v, want the injected one", k, err)
		}
		if st := counting.Stats(); st.LiveBytes != 0 || st.Allocs != st.Frees {
			t.Errorf("failing allocation %d: heap %+v after the error, want every block freed", k, st)
		}
		if err := v.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestServiceNeedsHeaps(t *testing.T) {
	p := serviceParams(t, nil, nil, Cold, 10, 0)
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "Heap") {
		t.Errorf("service without heaps: %v, want an error naming Heap", err)
	}
}

func goheap(t *testing.T) nativemem.Allocator {
	t.Helper()
	a, err := nativemem.Open("goheap")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// At DOP 1 the churn's time comes off the clock, exactly: ElapsedNs = WallNs - ChurnNs.
func TestServiceChurnOffTheClockAtDOP1(t *testing.T) {
	heap, probe := nativemem.NewCounting(goheap(t)), nativemem.NewCounting(goheap(t))
	p := serviceParams(t, heap, probe, Warm, 40, 10)
	p.DOP = 1
	r := run(t, "control", p)
	if s := r.Service; s == nil || s.ChurnNs <= 0 || r.ElapsedNs != s.WallNs-s.ChurnNs {
		t.Errorf("DOP 1: result %+v service %+v, want elapsed = wall - churn", r, s)
	}
}
