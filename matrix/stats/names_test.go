package stats

import (
	"slices"
	"testing"
)

func TestCompareNames(t *testing.T) {
	got := []string{"splitalloc", "pooled/16", "pooled/8", "pooled", "pooled/12", "control", "pooled/8x"}
	slices.SortFunc(got, CompareNames)
	want := []string{"control", "pooled", "pooled/8", "pooled/8x", "pooled/12", "pooled/16", "splitalloc"}
	if !slices.Equal(got, want) {
		t.Fatalf("sorted %q, want %q", got, want)
	}
	for _, c := range []struct{ a, b string }{{"pooled/8", "pooled/8"}, {"", ""}} {
		if CompareNames(c.a, c.b) != 0 {
			t.Errorf("CompareNames(%q, %q) != 0", c.a, c.b)
		}
	}
}
