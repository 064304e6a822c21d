package regime

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

// The corpus: pairs of series (control, candidate) as a cell holds them, built from the noise of the
// committed full run. A clean cell draws each side's values, with replacement, from the log deviations
// around their median of one real series the detector does not flag (so real outliers and skew are in
// it). An injected cell is a clean cell in which one side (control or candidate, at random) has a speed
// switch: a factor of 1.5 to 3 (uniform), slower or faster, in 30% to 70% of the rounds, either one
// contiguous run of rounds or rounds scattered at random. A cell is flagged when either side is.
const (
	corpusCells  = 2000 // of each kind and round count
	minFactor    = 1.5
	maxFactor    = 3.0
	minShare     = 0.3
	maxShare     = 0.7
	corpusSeed   = 18 // issue 18
	wantDetected = 0.95
	wantFalse    = 0.02
)

// corpusRates are the rates the test measured, stated in docs/METHOD.md; the test fails when the
// detector or the corpus changes them, so that the document cannot drift from the code.
var corpusRates = map[int]struct{ detected, falseFlag float64 }{
	10: {detected: 0.9805, falseFlag: 0.0025},
	12: {detected: 0.9805, falseFlag: 0.0005},
}

func TestCorpus(t *testing.T) {
	noise := cleanNoise(t)
	for _, rounds := range []int{10, 12} {
		rng := rand.New(rand.NewPCG(corpusSeed, uint64(rounds)))
		var detected, falseFlags int
		var missed [][]int
		kinds := map[string]*[2]int{} // injected cells of a kind, and how many were flagged
		for _, k := range []string{"control", "candidate", "contiguous", "scattered", "1.5-2x", "2-3x"} {
			kinds[k] = &[2]int{}
		}
		for range corpusCells {
			control, cand := noisySeries(rng, noise, rounds), noisySeries(rng, noise, rounds)
			if cellFlagged(control, cand) {
				falseFlags++
			}
			control, cand = noisySeries(rng, noise, rounds), noisySeries(rng, noise, rounds)
			side, sideName := control, "control"
			if rng.IntN(2) == 1 {
				side, sideName = cand, "candidate"
			}
			shape, f := inject(rng, side)
			size := "1.5-2x"
			if f > 2 || f < 0.5 {
				size = "2-3x"
			}
			hit := cellFlagged(control, cand)
			for _, k := range []string{sideName, shape, size} {
				kinds[k][0]++
				if hit {
					kinds[k][1]++
				}
			}
			if hit {
				detected++
			} else if len(missed) < 5 {
				missed = append(missed, formatSeries(side))
			}
		}
		dr, fr := float64(detected)/corpusCells, float64(falseFlags)/corpusCells
		t.Logf("%d rounds: %d of %d injected cells flagged (%.1f%%), %d of %d clean cells flagged (%.2f%%); missed e.g. %v",
			rounds, detected, corpusCells, 100*dr, falseFlags, corpusCells, 100*fr, missed)
		for _, k := range []string{"control", "candidate", "contiguous", "scattered", "1.5-2x", "2-3x"} {
			t.Logf("%d rounds: switch %s: %d of %d flagged (%.1f%%)", rounds, k, kinds[k][1], kinds[k][0], 100*float64(kinds[k][1])/float64(kinds[k][0]))
		}
		if dr < wantDetected {
			t.Errorf("%d rounds: detection rate %.3f, want >= %.2f", rounds, dr, wantDetected)
		}
		if fr > wantFalse {
			t.Errorf("%d rounds: false-flag rate %.3f, want <= %.2f", rounds, fr, wantFalse)
		}
		if want := corpusRates[rounds]; math.Abs(dr-want.detected) > 1e-9 || math.Abs(fr-want.falseFlag) > 1e-9 {
			t.Errorf("%d rounds: measured detection %.4f and false flags %.4f; docs/METHOD.md and corpusRates state %.4f and %.4f: update both",
				rounds, dr, fr, want.detected, want.falseFlag)
		}
	}
}

func cellFlagged(control, cand []float64) bool {
	return Detect(control, Options{}).Flagged || Detect(cand, Options{}).Flagged
}

// oneRound is the detector as it was before MinRounds: a smaller group of one round is enough.
var oneRound = Options{MinRounds: 1}

// cleanNoise is, for every series of the committed run that the detector does not flag, its values' log
// deviations from their median.
func cleanNoise(t *testing.T) [][]float64 {
	series := readSeries(t, committedRun)
	keys := make([]string, 0, len(series))
	byName := map[string][]float64{}
	for k, v := range series {
		keys = append(keys, k.String())
		byName[k.String()] = v
	}
	sort.Strings(keys) // a fixed order, so the corpus is the same on every run
	var out [][]float64
	for _, k := range keys {
		vals := byName[k]
		if Detect(vals, oneRound).Flagged { // any visible switch, even of one round, is not clean noise
			continue
		}
		logs := make([]float64, len(vals))
		for i, v := range vals {
			logs[i] = math.Log(v)
		}
		m := median(logs)
		for i := range logs {
			logs[i] -= m
		}
		out = append(out, logs)
	}
	if len(out) < 100 {
		t.Fatalf("only %d clean series in %s", len(out), committedRun)
	}
	return out
}

// noisySeries draws n values around a level of 20 us from one clean series' deviations.
func noisySeries(rng *rand.Rand, noise [][]float64, n int) []float64 {
	src := noise[rng.IntN(len(noise))]
	out := make([]float64, n)
	for i := range out {
		out[i] = 20000 * math.Exp(src[rng.IntN(len(src))])
	}
	return out
}

// inject multiplies 30-70% of s's rounds, contiguous or scattered, by a factor of 1.5-3 or its inverse,
// and says which shape and factor it drew.
func inject(rng *rand.Rand, s []float64) (shape string, factor float64) {
	n := len(s)
	lo, hi := int(math.Ceil(minShare*float64(n))), int(math.Floor(maxShare*float64(n)))
	k := lo + rng.IntN(hi-lo+1)
	f := minFactor + rng.Float64()*(maxFactor-minFactor)
	if rng.IntN(2) == 1 {
		f = 1 / f
	}
	var idx []int
	shape = "scattered"
	if rng.IntN(2) == 0 {
		shape = "contiguous"
		start := rng.IntN(n - k + 1)
		for i := start; i < start+k; i++ {
			idx = append(idx, i)
		}
	} else {
		idx = rng.Perm(n)[:k]
	}
	for _, i := range idx {
		s[i] *= f
	}
	return shape, f
}

func formatSeries(s []float64) []int {
	out := make([]int, len(s))
	for i, v := range s {
		out[i] = int(v)
	}
	return out
}
