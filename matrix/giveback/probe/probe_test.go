package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/giveback"
	"github.com/deflatelab/deflatelab/nativemem"
)

// helperEnv makes the test binary a probe process: Run starts it with the spec as its last argument.
const helperEnv = "GIVEBACK_PROBE_HELPER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) == "1" {
		if err := Serve(os.Args[len(os.Args)-1], os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

var patterns = []giveback.Pattern{{Kind: giveback.PatternSame}, {Kind: giveback.PatternWindow, N: 3}, {Kind: giveback.PatternBatch, N: 3}}

// Every pattern frees every block it allocated exactly once, and its rounds have the blocks the
// pattern says, each spanning the pages a block of the size spans.
func TestMeasureFreesEveryBlock(t *testing.T) {
	for _, p := range patterns {
		t.Run(p.String(), func(t *testing.T) {
			c := nativemem.NewCounting(nativemem.NewGuard(mustOpen(t, "pages")))
			spec := giveback.Spec{Backend: "pages", Size: 3 * 4096, Pattern: p, Rounds: 6}
			tr, err := Measure(c, spec)
			if err != nil {
				t.Fatal(err)
			}
			if err := tr.Validate(); err != nil {
				t.Fatal(err)
			}
			st := c.Stats()
			if st.Allocs != st.Frees || st.LiveBytes != 0 {
				t.Errorf("%+v: every block must be freed once", st)
			}
			perRound := map[string]int{giveback.PatternSame: 1, giveback.PatternWindow: 1, giveback.PatternBatch: 3}[p.Kind]
			first := perRound
			if p.Kind == giveback.PatternWindow {
				first = 3 // the fill
			}
			if tr.Rounds[0].Blocks != first || tr.Rounds[5].Blocks != perRound {
				t.Errorf("rounds %+v: want %d blocks in the first, %d in the others", tr.Rounds, first, perRound)
			}
			// mmap'd blocks start on a page: three pages each, every one faulted in (pages never reuses).
			if r := tr.Rounds[5]; r.Pages != 3*perRound || r.Faults < int64(r.Pages) {
				t.Errorf("last round %+v: want %d pages, each faulted", r, 3*perRound)
			}
		})
	}
}

// An allocation that fails mid-pattern is an error, and the blocks allocated before it are freed.
func TestMeasureFailureFreesTheRest(t *testing.T) {
	allocs := map[string]int{giveback.PatternSame: 4, giveback.PatternWindow: 3 + 3, giveback.PatternBatch: 4 * 3} // in 4 rounds
	for _, p := range patterns {
		for k := 1; k <= allocs[p.Kind]+1; k++ {
			c := nativemem.NewCounting(nativemem.NewFailing(mustOpen(t, "goheap"), k))
			_, err := Measure(c, giveback.Spec{Backend: "goheap", Size: 4096, Pattern: p, Rounds: 4})
			if fails := k <= allocs[p.Kind]; (err != nil) != fails {
				t.Errorf("%s, failing at allocation %d of %d: error %v", p, k, allocs[p.Kind], err)
			}
			if st := c.Stats(); st.Allocs != st.Frees || st.LiveBytes != 0 {
				t.Errorf("%s, failing at allocation %d: %+v: blocks left live", p, k, st)
			}
		}
	}
}

func mustOpen(t *testing.T, name string) nativemem.Allocator {
	t.Helper()
	a, err := nativemem.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestServe(t *testing.T) {
	var out bytes.Buffer
	if err := Serve("goheap,8192,window/2,4", &out); err != nil {
		t.Fatal(err)
	}
	var tr giveback.Trace
	if err := json.Unmarshal(out.Bytes(), &tr); err != nil {
		t.Fatal(err)
	}
	if tr.Spec.String() != "goheap,8192,window/2,4" || len(tr.Rounds) != 4 || tr.About != "goheap" {
		t.Errorf("trace %+v", tr)
	}
	for _, bad := range []struct{ spec, err string }{
		{"nosuch,4096,same,4", `unknown backend "nosuch"`},
		{"goheap,4096,same", "want backend,size,pattern,rounds"},
	} {
		if err := Serve(bad.spec, &out); err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("Serve(%q) error %v; want one with %q", bad.spec, err, bad.err)
		}
	}
}

// Run starts a process per point and repeat, and the points come out summarized in order.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("starts probe processes")
	}
	t.Setenv(helperEnv, "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var progress bytes.Buffer
	r, err := Run(context.Background(), Options{
		Backends: []string{"pages", "goheap"}, Sizes: []int{524288, 262144}, Patterns: patterns[:2],
		Rounds: 4, Repeats: 2, Probe: []string{exe}, Progress: &progress,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Backends) != 2 || r.Backends[0].Name != "pages" || len(r.Backends[0].Points) != 4 {
		t.Fatalf("result %+v: want pages then goheap, four points each", r)
	}
	p := r.Backends[0].Points[0]
	if p.Size != 262144 || p.Pattern.Kind != giveback.PatternSame || p.Processes != 2 || !p.Faulting() {
		t.Errorf("pages' first point %+v: want 262144 bytes, same, two processes, faulting (mmap per block)", p)
	}
	if len(r.Backends[0].Thresholds) != 2 || r.Backends[0].Thresholds[0].From != 262144 {
		t.Errorf("pages' thresholds %+v: want every size faulting", r.Backends[0].Thresholds)
	}
	if !strings.Contains(progress.String(), "repeat 2 of 2: 8 points") {
		t.Errorf("progress %q", progress.String())
	}
}

func TestRunRefuses(t *testing.T) {
	probe := []string{"probe"}
	for _, tt := range []struct {
		o   Options
		err string
	}{
		{Options{Backends: []string{"nosuch"}, Probe: probe}, `-backends: "nosuch" is not in this build`},
		{Options{Backends: []string{}, Probe: probe}, "-backends: empty"},
		{Options{Sizes: []int{0}, Probe: probe}, "-sizes: 0 out of range"},
		{Options{Rounds: 2, Probe: probe}, "-rounds 2"},
		{Options{Repeats: -1, Probe: probe}, "-repeats -1"},
		{Options{Patterns: []giveback.Pattern{{Kind: "lifo"}}, Probe: probe}, `-patterns: unknown pattern "lifo"`},
		{Options{}, "no probe command"},
	} {
		_, err := Run(context.Background(), tt.o)
		var ie *matrix.InvalidError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Run(%+v) error %v; want an InvalidError with %q", tt.o, err, tt.err)
		}
	}
}

// A probe that fails is an error with what it printed.
func TestRunProbeFails(t *testing.T) {
	t.Setenv(helperEnv, "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	_, err = runProbe(context.Background(), []string{exe, "-not-a-spec"}, giveback.Spec{Backend: "nosuch", Size: 4096, Pattern: patterns[0], Rounds: 4})
	if err == nil || !strings.Contains(err.Error(), `unknown backend "nosuch"`) {
		t.Errorf("error %v; want the probe's own", err)
	}
}
