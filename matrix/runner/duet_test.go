package runner

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
)

// A duet run takes each round's two processes at once, pinned to the processors ABBA gives them, where
// 2 x DOP fits the processors; the other cells run alternating, and every sample says which.
func TestRunDuet(t *testing.T) {
	r := fakeRunner(t, "ok")
	r.Plan.Variants, r.Plan.DOPs, r.Plan.Phases, r.Plan.Rounds = []string{"control", matrix.AA}, []int{1, 2}, []string{"warm"}, 4
	r.Plan.Pairing, r.Processors = matrix.Duet, 2 // DOP 1 fits twice in 2 processors, DOP 2 does not
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	byRound := map[string][]matrix.Sample{}
	for _, s := range readAll(t, r.Dir) {
		if !s.OK {
			t.Fatalf("failed sample %+v", s)
		}
		k := fmt.Sprint(s.Cell.DOP, "/", s.Round)
		byRound[k] = append(byRound[k], s)
	}
	for round := range 4 {
		duet := byRound[fmt.Sprint("1/", round)]
		if len(duet) != 2 {
			t.Fatalf("DOP 1 round %d: %d samples", round, len(duet))
		}
		control, aa := duet[0], duet[1]
		if control.Variant != "control" {
			control, aa = aa, control
		}
		want := map[int]string{0: "0", 1: "1", 2: "1", 3: "0"}[round] // control's processor, ABBA
		if control.Pairing != matrix.Duet || aa.Pairing != matrix.Duet || control.Partner != matrix.AA || aa.Partner != "control" ||
			control.Processors != want || aa.Processors == want || aa.Processors == "" {
			t.Errorf("DOP 1 round %d: control %s/%s on %q, aa %s/%s on %q; want a duet with control on %q",
				round, control.Pairing, control.Partner, control.Processors, aa.Pairing, aa.Partner, aa.Processors, want)
		}
		// Both halves ran at once: each started before the other ended.
		if end := func(s matrix.Sample) time.Time { return s.Start.Add(time.Duration(s.WallNs)) }; !control.Start.Before(end(aa)) || !aa.Start.Before(end(control)) {
			t.Errorf("DOP 1 round %d: control %v+%v and aa %v+%v do not overlap", round, control.Start, control.WallNs, aa.Start, aa.WallNs)
		}
		for _, s := range byRound[fmt.Sprint("2/", round)] {
			if s.Pairing != matrix.Alternating || s.Partner != "" || s.Processors != "" {
				t.Errorf("DOP 2 (no room for a duet) round %d: %s ran %q with %q on %q", round, s.Variant, s.Pairing, s.Partner, s.Processors)
			}
		}
	}
}

func TestPairingValidated(t *testing.T) {
	p := testPlan()
	p.Pairing = "together"
	if err := p.Validate(); err == nil || err.Error() != `matrix: pairing "together": allowed: alternating or duet` {
		t.Errorf("Validate: %v", err)
	}
}
