package workload

import (
	"slices"
	"strings"
	"testing"
)

// A seed fixes the whole schedule, every size falls in the mix, and another seed gives another schedule.
func TestBackgroundDeterministic(t *testing.T) {
	b := DefaultBackground()
	if err := b.Validate(); err != nil {
		t.Fatal(err)
	}
	other := b
	other.Seed++
	same, differs := true, false
	counts := make([]int, len(b.Sizes))
	for n := range int64(20000) {
		st := b.Churn(n)
		if st != b.Churn(n) {
			same = false
		}
		if st != other.Churn(n) {
			differs = true
		}
		if st.Slot < 0 || st.Slot >= b.Blocks {
			t.Fatalf("step %d: slot %d outside 0..%d", n, st.Slot, b.Blocks-1)
		}
		in := false
		for i, c := range b.Sizes {
			if st.Size >= c.Min && st.Size <= c.Max {
				in = true
				if i == 0 || st.Size > b.Sizes[i-1].Max {
					counts[i]++
				}
			}
		}
		if !in {
			t.Fatalf("step %d: size %d outside every class of %+v", n, st.Size, b.Sizes)
		}
	}
	if !same || !differs {
		t.Errorf("schedule: same for a seed %v, differs for another seed %v; want both", same, differs)
	}
	// Each class gets about its weight: 20,000 draws put every share within 2 points of its weight.
	for i, c := range b.Sizes {
		if got := 100 * float64(counts[i]) / 20000; got < float64(c.Weight)-2 || got > float64(c.Weight)+2 {
			t.Errorf("class %+v: %.1f%% of the sizes, want about %d%%", c, got, c.Weight)
		}
	}
	for k := range b.Blocks {
		if st := b.Initial(k); st.Slot != k || st.Size < 16 || st.Size > MaxBlock {
			t.Fatalf("initial %d: %+v", k, st)
		}
	}
}

func TestBackgroundValidate(t *testing.T) {
	for _, tt := range []struct {
		edit func(*Background)
		want string
	}{
		{func(b *Background) { b.Blocks = 0 }, "blocks 0"},
		{func(b *Background) { b.ChurnPerOp = -1 }, "churnPerOp -1"},
		{func(b *Background) { b.Settle = -1 }, "settle -1"},
		{func(b *Background) { b.Sizes = nil }, "at least one size class"},
		{func(b *Background) { b.Sizes[1].Min = 5000 }, "sizes[1]"},
		{func(b *Background) { b.Sizes[3].Max = MaxBlock + 1 }, "sizes[3]"},
		{func(b *Background) { b.Sizes[0].Weight = 0 }, "sizes[0]"},
	} {
		b := DefaultBackground()
		tt.edit(&b)
		if err := b.Validate(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: error %v, want one naming %q", b, err, tt.want)
		}
	}
}

// The service workload is fixed's operation with a background; the other workloads have none.
func TestServiceWorkload(t *testing.T) {
	s, f := Service(), Fixed()
	if !slices.Equal(s.Configs, f.Configs) || s.Writes != f.Writes || s.Input != nil || s.Background == nil {
		t.Errorf("service %+v: want fixed's configurations and writes and a background", s)
	}
	for _, name := range Names() {
		w, _ := ByName(name)
		if twin, err := ByName(w.Twin); (w.Background == nil) != (w.Twin == "") || w.Twin != "" && (err != nil || twin.Background != nil) {
			t.Errorf("%s: twin %q (%v), want a pristine twin exactly when it has a background", name, w.Twin, err)
		}
	}
	if s.Twin != f.Name {
		t.Errorf("service's twin %q, want %q", s.Twin, f.Name)
	}
	if got := Pristine(); slices.Contains(got, "service") || !slices.Contains(got, "fixed") || len(got) != len(Names())-1 {
		t.Errorf("Pristine() = %v", got)
	}
	if b := BackgroundOf([]string{"fixed", "service"}); b == nil || b.Blocks != DefaultBackground().Blocks {
		t.Errorf("BackgroundOf(fixed, service) = %+v", b)
	}
	if b := BackgroundOf([]string{"fixed", "mixed"}); b != nil {
		t.Errorf("BackgroundOf(fixed, mixed) = %+v, want nil", b)
	}
}
