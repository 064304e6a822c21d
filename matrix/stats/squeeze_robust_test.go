package stats

import (
	"math"
	"testing"
)

// TestSqueezeVarRobustAgainstLimma checks SqueezeVarRobust against limma 3.54's squeezeVar(..., robust =
// TRUE) on the fixed families of testdata/squeezevar_robust.R (drawn from the model with a finite and an
// infinite Winsorised df, outliers on 1 and 2 df, tied variances, unequal df, variances too alike with an
// outlier, fewer than 10 variances, a zero variance with a df of 0, large df, a far outlier on large df):
// the prior variance, the
// Winsorised df, every comparison's prior df and every posterior to 1e-8.
func TestSqueezeVarRobustAgainstLimma(t *testing.T) {
	lines, words := readFloatLines(t, "testdata/squeezevar_robust.txt")
	cases := 0
	var worst float64 // relative difference from limma, over every finite figure
	diff := func(got, want float64) {
		if !math.IsInf(want, 0) && want != 0 {
			worst = max(worst, math.Abs(got-want)/math.Abs(want))
		}
	}
	for i := 0; i+5 < len(lines); i += 6 {
		if lines[i] != nil {
			t.Fatalf("line %d: want a case name", i+1)
		}
		name := words[cases]
		vars, df, prior, shrunk, want := lines[i+1], lines[i+2], lines[i+3], lines[i+4], lines[i+5]
		cases++
		post, p, ok := SqueezeVarRobust(vars, df)
		if !ok {
			t.Errorf("%s: not fitted", name)
			continue
		}
		checkSqueezed(t, name, VarPrior{Var: p.Var, DF: p.DF}, post, prior, want)
		diff(p.Var, prior[0])
		diff(p.DF, prior[1])
		for j := range shrunk {
			diff(p.Shrunk[j], shrunk[j])
			diff(post[j], want[j])
			if !closeTo(p.Shrunk[j], shrunk[j]) {
				t.Errorf("%s: prior df %d = %.17g, limma %.17g", name, j, p.Shrunk[j], shrunk[j])
			}
		}
	}
	if cases < 11 {
		t.Fatalf("%d cases read, want at least 11", cases)
	}
	t.Logf("%d families; worst relative difference from limma %.2g", cases, worst)
}

// TestFitFDistRobustEdges covers what limma answers with an error or an empty result: no variance, one,
// two (the plain fit's df for both), a median of zero.
func TestFitFDistRobustEdges(t *testing.T) {
	for _, tc := range []struct {
		name   string
		x, df  []float64
		ok     bool
		shrunk []float64
	}{
		{"empty", nil, nil, false, nil},
		{"lengths differ", []float64{1, 2}, []float64{2}, false, nil},
		{"median zero", []float64{0, 0, 0, 1, 0}, []float64{2, 2, 2, 2, 2}, false, nil},
		{"two", []float64{0.001, 0.004}, []float64{2, 2}, true, nil},
	} {
		p, ok := FitFDistRobust(tc.x, tc.df)
		if ok != tc.ok {
			t.Errorf("%s: ok = %v, want %v", tc.name, ok, tc.ok)
			continue
		}
		if ok {
			plain, _ := FitFDist(tc.x, tc.df)
			for i, d := range p.Shrunk {
				if d != plain.DF || p.Var != plain.Var {
					t.Errorf("%s: prior %v on df %v (comparison %d), want the plain fit %+v", tc.name, p.Var, d, i, plain)
				}
			}
		}
	}
	if post, p, ok := SqueezeVarRobust([]float64{0.3}, []float64{2}); !ok || p.Prior(0).DF != 0 || post[0] != 0.3 {
		t.Errorf("one variance: %v %+v %v, want its own variance and prior df 0", post, p, ok)
	}
}

// TestZeroinFindsRoots checks the Brent root finder on functions with known roots, to its tolerance.
func TestZeroinFindsRoots(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    func(float64) float64
		a, b float64
		root float64
	}{
		{"linear", func(x float64) float64 { return 2*x - 1 }, 0, 3, 0.5},
		{"cubic", func(x float64) float64 { return x*x*x - 2 }, 0, 2, math.Cbrt(2)},
		{"cosine", math.Cos, 1, 2, math.Pi / 2},
		{"root at an end", func(x float64) float64 { return x - 1 }, 1, 4, 1},
	} {
		got := zeroin(tc.f, tc.a, tc.b, tc.f(tc.a), tc.f(tc.b), 1e-10, 1000)
		if math.Abs(got-tc.root) > 1e-9 {
			t.Errorf("%s: root %.12g, want %.12g", tc.name, got, tc.root)
		}
	}
}
