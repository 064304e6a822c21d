package all_test

import (
	"bytes"
	"testing"

	"github.com/deflatelab/deflatelab/variants"
	"github.com/deflatelab/deflatelab/variants/control"
	"github.com/deflatelab/deflatelab/variants/pooled"
	"github.com/deflatelab/deflatelab/variants/reuse"
	"github.com/deflatelab/deflatelab/variants/splitalloc"
	"github.com/deflatelab/deflatelab/variants/varianttest"
)

// equalitySubject is one variant instance whose output must be byte-identical to control's.
type equalitySubject struct {
	label string
	name  string
	opts  variants.Options
}

// equalitySubjects are every registered variant (control first, the reference) and splitalloc once
// more with the split forced (off Win64 its default is control's layout), from the registry: a variant
// added to variants/all is compared without an edit here.
func equalitySubjects() []equalitySubject {
	out := []equalitySubject{{control.Name, control.Name, variants.Options{}}}
	for _, n := range variants.Names() {
		if n != control.Name {
			out = append(out, equalitySubject{n, n, variants.Options{}})
		}
	}
	return append(out, equalitySubject{"splitalloc-forced", splitalloc.Name, variants.Options{ForceSplit: true}})
}

// TestEqualityAcrossVariants: where the state lives and whether it was reused must never change a single
// output byte. Each variant compresses another input first, then the payload, so that the pooled
// variant's payload runs on a reused, Reset state; every variant opens through a Worker, as the hosts do,
// so that reuse's payload runs on its worker's Reset state too. control's output is also decoded, so that equality is not equality of broken streams.
func TestEqualityAcrossVariants(t *testing.T) {
	equalitySubjects := equalitySubjects()
	payload := varianttest.Payload()
	other := bytes.Repeat([]byte("a dirty window for the next user "), 200)
	recs := make([]*varianttest.Recorder, len(equalitySubjects))
	vs := make([]*variants.Variant, len(equalitySubjects))
	ws := make([]*variants.Worker, len(equalitySubjects))
	for i, s := range equalitySubjects {
		recs[i] = varianttest.NewGoHeapRecorder()
		s.opts.Alloc = recs[i]
		v, err := variants.New(s.name, s.opts)
		if err != nil {
			t.Fatal(err)
		}
		vs[i], ws[i] = v, v.Worker()
	}
	cfgs := varianttest.AllConfigs()
	equal := 0
	for _, cfg := range cfgs {
		var want []byte
		same := true
		for i, v := range ws {
			// First a different input, so that the pooled variant's second open reuses a state whose
			// window, chains and trees are dirty: only a complete Reset keeps the output identical.
			var buf bytes.Buffer
			if err := varianttest.Compress(v, &buf, cfg, other); err != nil {
				t.Fatalf("%s %v: %v", equalitySubjects[i].label, cfg, err)
			}
			buf.Reset()
			if err := varianttest.Compress(v, &buf, cfg, payload); err != nil {
				t.Fatalf("%s %v: %v", equalitySubjects[i].label, cfg, err)
			}
			if i == 0 {
				want = buf.Bytes()
				if err := varianttest.CheckRoundTrip(cfg, want, payload); err != nil {
					t.Fatal(err)
				}
			} else if !bytes.Equal(buf.Bytes(), want) {
				same = false
				t.Errorf("%v: %s wrote %d bytes that differ from control's %d", cfg, equalitySubjects[i].label, buf.Len(), len(want))
			}
		}
		if same {
			equal++
		}
	}
	for i, v := range vs {
		if err := v.Close(); err != nil {
			t.Error(err)
		}
		if err := recs[i].CheckClean(); err != nil {
			t.Errorf("%s: %v", equalitySubjects[i].label, err)
		}
	}
	byLabel := map[string]*variants.Variant{}
	for i, s := range equalitySubjects {
		byLabel[s.label] = vs[i]
	}
	if c := byLabel[pooled.Name].Counters(); c.PoolHits != int64(len(cfgs)) {
		t.Errorf("pooled served %d of %d second opens from the pool: the reuse path was not compared", c.PoolHits, len(cfgs))
	}
	if c := byLabel[reuse.Name].Counters(); c.PoolHits != int64(len(cfgs)) {
		t.Errorf("reuse served %d of %d second opens from the worker's own states: its Reset path was not compared", c.PoolHits, len(cfgs))
	}
	if c := byLabel["splitalloc-forced"].Counters(); !c.SplitActive {
		t.Errorf("splitalloc with ForceSplit did not report the split layout: %+v", c)
	}
	t.Logf("equality: %d of %d configurations byte-identical across %d variant instances", equal, len(cfgs), len(vs))
	if equal != len(cfgs) {
		t.Errorf("%d of %d configurations were byte-identical", equal, len(cfgs))
	}
}
