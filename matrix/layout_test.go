package matrix

import (
	"slices"
	"strings"
	"testing"
)

// A rotating plan runs round r of every candidate without a layout of its own in Layouts[r mod N],
// control too, and aa in Layouts[(r+1) mod N]; explicit layouts keep their seed, and a plan without
// rotation keeps one layout per candidate.
func TestRoundLayout(t *testing.T) {
	rot := Plan{Variants: []string{Control, AA, "pooled/4", "control@layout=3"}, Rounds: 6, Layouts: RotationLayouts(3)}
	for _, tc := range []struct {
		plan      Plan
		candidate string
		rounds    []int
		want      []int64
	}{
		{rot, Control, []int{0, 1, 2, 3, 4, 5, 6, 7}, []int64{101, 102, 103, 101, 102, 103, 101, 102}}, // past Rounds (re-sampling) by index
		{rot, "pooled/4", []int{0, 1, 2}, []int64{101, 102, 103}},
		{rot, AA, []int{0, 1, 2, 3}, []int64{102, 103, 101, 102}},
		{rot, "control@layout=3", []int{0, 1, 2}, []int64{3, 3, 3}},
		{Plan{Variants: []string{Control, AA}, Rounds: 4}, Control, []int{0, 1}, []int64{0, 0}},
		{Plan{Variants: []string{Control, AA}, Rounds: 4}, AA, []int{0, 1}, []int64{AALayout, AALayout}},
		{Plan{Variants: []string{Control, "pooled/4@layout=7"}, Rounds: 4, Layouts: RotationLayouts(2)}, "pooled/4@layout=7", []int{0, 1}, []int64{7, 7}},
	} {
		var got []int64
		for _, r := range tc.rounds {
			got = append(got, tc.plan.RoundLayout(tc.candidate, r))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v layouts %v: %s in rounds %v ran %v, want %v", tc.plan.Variants, tc.plan.Layouts, tc.candidate, tc.rounds, got, tc.want)
		}
	}
}

// aa never runs control's layout in a round, and never AALayout under rotation: the A/A check covers
// build layout whatever N is.
func TestAANeverSharesControlsLayout(t *testing.T) {
	for n := 2; n <= MaxRotationLayouts; n++ {
		p := Plan{Variants: []string{Control, AA}, Rounds: 2 * n, Layouts: RotationLayouts(n)}
		seen := map[int64]int{}
		for r := range p.Rounds + 3 {
			c, aa := p.RoundLayout(Control, r), p.RoundLayout(AA, r)
			if c == aa || aa == AALayout || c == 0 {
				t.Fatalf("n %d round %d: control %d, aa %d", n, r, c, aa)
			}
			if r < p.Rounds {
				seen[c]++
			}
		}
		for _, l := range p.Layouts { // every layout gets equal rounds
			if seen[l] != 2 {
				t.Errorf("n %d: layout %d ran %d rounds of %d, want 2", n, l, seen[l], p.Rounds)
			}
		}
	}
}

// RotationLayouts are fixed, distinct, never AALayout, and none below 2.
func TestRotationLayouts(t *testing.T) {
	if RotationLayouts(0) != nil || RotationLayouts(1) != nil {
		t.Error("0 and 1 layouts rotate")
	}
	ls := RotationLayouts(MaxRotationLayouts)
	if !slices.Equal(ls, RotationLayouts(MaxRotationLayouts)) || slices.Contains(ls, AALayout) || len(ls) != MaxRotationLayouts {
		t.Errorf("RotationLayouts(%d) = %v", MaxRotationLayouts, ls)
	}
	if err := CheckRotation(ls, 2*MaxRotationLayouts); err != nil {
		t.Error(err)
	}
}

func TestCheckRotation(t *testing.T) {
	for _, tc := range []struct {
		layouts []int64
		rounds  int
		wantErr string
	}{
		{nil, 7, ""},
		{RotationLayouts(2), 10, ""},
		{RotationLayouts(5), 10, ""},
		{RotationLayouts(3), 10, "-layouts 3 with 10 rounds: rounds must be a multiple of the layouts, so that every layout gets equal rounds (give -rounds 12"},
		{RotationLayouts(2), 7, "give -rounds 8"},
		{[]int64{101}, 4, "allowed: 0 or 1 (no rotation), or 2..16"},
		{RotationLayouts(MaxRotationLayouts + 1), 34, "-layouts 17"},
		{[]int64{101, AALayout}, 4, "not 45"},
		{[]int64{101, 101}, 4, "given once"},
	} {
		err := CheckRotation(tc.layouts, tc.rounds)
		if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("layouts %v, rounds %d: %v, want %q", tc.layouts, tc.rounds, err, tc.wantErr)
		}
	}
}

// HostBuilds are every host a rotating plan runs, each variant in each layout, aa's among control's;
// HostBuildOf reads a sample's host back from its recorded layout.
func TestRotationHostBuilds(t *testing.T) {
	p := Plan{Variants: []string{Control, AA, "pooled/4", "pooled/8", "control@layout=3"}, Rounds: 4, Layouts: RotationLayouts(2)}
	want := []string{"control@layout=101", "control@layout=102", "pooled@layout=101", "pooled@layout=102", "control@layout=3"}
	if got := p.HostBuilds(); !slices.Equal(got, want) {
		t.Errorf("HostBuilds %v, want %v", got, want)
	}
	p.Layouts = nil
	if got, want := p.HostBuilds(), []string{Control, "control@layout=45", "pooled", "control@layout=3"}; !slices.Equal(got, want) {
		t.Errorf("without rotation: HostBuilds %v, want %v", got, want)
	}
	for _, tc := range []struct {
		s    Sample
		want string
	}{
		{Sample{Variant: AA, Layout: 102}, "control@layout=102"},
		{Sample{Variant: AA, Layout: AALayout}, "control@layout=45"},
		{Sample{Variant: AA}, "control@layout=45"}, // older than Sample.Layout
		{Sample{Variant: "pooled/8", Layout: 101}, "pooled@layout=101"},
		{Sample{Variant: Control}, Control},
		{Sample{Variant: "control@layout=3", Layout: 3}, "control@layout=3"},
	} {
		if got := HostBuildOf(tc.s); got != tc.want {
			t.Errorf("HostBuildOf(%s, layout %d) = %s, want %s", tc.s.Variant, tc.s.Layout, got, tc.want)
		}
	}
}
