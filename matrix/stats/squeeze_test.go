package stats

import (
	"math"
	"testing"
)

// TestSqueezeVarAgainstLimma checks SqueezeVar against limma 3.54's squeezeVar on the fixed families of
// testdata/squeezevar.R (equal and mixed degrees of freedom, a zero variance, variances too alike for a
// finite prior df, a wide spread, a df of 0): prior variance, prior df and every posterior to 1e-8.
func TestSqueezeVarAgainstLimma(t *testing.T) {
	lines, words := readFloatLines(t, "testdata/squeezevar.txt")
	cases := 0
	for i := 0; i+4 < len(lines)+1 && i < len(lines); i += 5 {
		if lines[i] != nil || i+4 >= len(lines) {
			t.Fatalf("line %d: want a case name", i+1)
		}
		name := words[cases]
		vars, df, prior, want := lines[i+1], lines[i+2], lines[i+3], lines[i+4]
		post, p, ok := SqueezeVar(vars, df)
		if !ok {
			t.Errorf("%s: not fitted", name)
			continue
		}
		checkSqueezed(t, name, p, post, prior, want)
		cases++
	}
	if cases < 8 {
		t.Fatalf("%d cases read, want at least 8", cases)
	}
	if _, _, ok := SqueezeVar(nil, nil); ok {
		t.Error("an empty family fitted")
	}
	if post, p, ok := SqueezeVar([]float64{0.3}, []float64{2}); !ok || p.DF != 0 || post[0] != 0.3 {
		t.Errorf("one variance: %v %+v %v, want its own variance and prior df 0", post, p, ok)
	}
	if p := (VarPrior{Var: 1, DF: math.Inf(1)}); p.Post(5, 2) != 1 {
		t.Error("an infinite prior df does not give the prior variance")
	}
}

// checkSqueezed compares a fitted prior and posteriors with limma's (prior: its variance and df), to 1e-8.
func checkSqueezed(t *testing.T, name string, p VarPrior, post, prior, want []float64) {
	t.Helper()
	if !closeTo(p.Var, prior[0]) || !closeTo(p.DF, prior[1]) {
		t.Errorf("%s: prior %.17g on %.17g df, limma %.17g on %.17g", name, p.Var, p.DF, prior[0], prior[1])
	}
	for j := range want {
		if !closeTo(post[j], want[j]) {
			t.Errorf("%s: posterior %d = %.17g, limma %.17g", name, j, post[j], want[j])
		}
	}
}
