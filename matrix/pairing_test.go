package matrix

import (
	"strings"
	"testing"
)

// A duet plan says which cells cannot run as duets and why, and whether none can (issue 45 item 5).
func TestDuetNotes(t *testing.T) {
	base := Plan{Variants: []string{Control, "pooled"}, Workloads: []string{"fixed"}, Phases: []string{"cold"}, DOPs: []int{1, 4}, Backends: []string{"pages"}, Pairing: Duet}
	three := []string{Control, "pooled", "splitalloc"}
	for _, tc := range []struct {
		name       string
		variants   []string
		adaptive   bool
		processors int
		want       []string // each note's reason, in plan order (a leading "some " when some rounds duet)
		none       bool
	}{
		{name: "two variants, room for both DOPs", processors: 8},
		{name: "two variants, DOP 4 too wide", processors: 4, want: []string{"DOP 4: a duet needs 2 x 4 processors, this machine has 4"}},
		{name: "three variants", variants: three, processors: 8, none: true,
			want: []string{"3 variants: every round holds 3 processes", "3 variants: every round holds 3 processes"}},
		{name: "three variants, adaptive", variants: three, adaptive: true, processors: 4,
			want: []string{"some 3 variants: a round runs as a duet only when a single candidate", "DOP 4: a duet needs"}},
		{name: "two variants, one processor", processors: 1, none: true, want: []string{"DOP 1:", "DOP 4:"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := base
			if tc.variants != nil {
				p.Variants = tc.variants
			}
			if tc.adaptive {
				p.Adaptive = &DefaultAdaptive
			}
			notes, none := p.DuetNotes(tc.processors)
			if none != tc.none || len(notes) != len(tc.want) {
				t.Fatalf("notes %+v, none %v; want %d notes, none %v", notes, none, len(tc.want), tc.none)
			}
			for i, w := range tc.want {
				got := notes[i].Reason
				if notes[i].Some {
					got = "some " + got
				}
				if !strings.HasPrefix(got, w) {
					t.Errorf("note %d: %q, want it to start %q", i, got, w)
				}
			}
		})
	}
	if notes, none := (Plan{Variants: []string{Control, "pooled", "splitalloc"}}).DuetNotes(1); notes != nil || none {
		t.Errorf("an alternating plan: %v, %v; want no notes", notes, none)
	}
}
