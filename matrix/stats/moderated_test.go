package stats

import (
	"math"
	"strings"
	"testing"
)

// TestModeratedAgainstLimma checks the moderated combination of a family (moderate, then
// setFamilyPrior) against limma 3.54's lmFit + eBayes on an intercept-only design
// (testdata/moderated.R): K = 3 and K = 2 instance estimates per comparison, and a family too alike for
// a finite prior df (whose df is then the pooled one, as eBayes caps it), and K = 3 and K = 2 families
// with outlying comparisons through eBayes(robust = TRUE) (setFamilyPrior with robust): every
// comparison's mean, moderated variance, degrees of freedom, t and p-value to 1e-8.
func TestModeratedAgainstLimma(t *testing.T) {
	lines, words := readFloatLines(t, "testdata/moderated.txt")
	type row struct{ ys, want []float64 }
	var cases [][]row
	for _, l := range lines {
		if l == nil {
			cases = append(cases, nil)
			continue
		}
		k := len(l) - 5
		cases[len(cases)-1] = append(cases[len(cases)-1], row{l[:k], l[k:]})
	}
	if len(cases) != 5 {
		t.Fatalf("%d cases read, want 5", len(cases))
	}
	for i, rows := range cases {
		ms := make([]*Moderated, len(rows))
		for j, r := range rows {
			m, ok := moderate(r.ys, VarPrior{})
			if !ok {
				t.Fatalf("%s row %d: not combined", words[i], j)
			}
			ms[j] = &m
		}
		setFamilyPrior(ms, strings.HasSuffix(words[i], "-robust"))
		for j, r := range rows {
			m := ms[j]
			tstat := m.Estimate / m.SE()
			for _, c := range []struct {
				name      string
				got, want float64
			}{{"mean", m.Estimate, r.want[0]}, {"s2.post", m.Post, r.want[1]}, {"df.total", m.DF, r.want[2]},
				{"t", tstat, r.want[3]}, {"p", m.P(), r.want[4]}} {
				if !closeTo(c.got, c.want) {
					t.Errorf("%s row %d: %s = %.12g, limma %.12g", words[i], j, c.name, c.got, c.want)
				}
			}
		}
	}
}

// TestModeratedInterval: the interval at conf excludes 0 exactly when P <= 1 - conf, and widens with conf.
func TestModeratedInterval(t *testing.T) {
	for _, p := range []VarPrior{{Var: 0.001, DF: 12}, {Var: 0.001, DF: math.Inf(1)}, {}} {
		m, ok := moderate([]float64{0.05, 0.07, 0.02}, p)
		if !ok {
			t.Fatal("not combined")
		}
		for _, conf := range []float64{0.9, 0.99, 0.999} {
			lo, hi := m.Interval(conf)
			if excl := lo > 0 || hi < 0; excl != (m.P() <= 1-conf) {
				t.Errorf("prior %+v, conf %v: [%v, %v] vs p %v", p, conf, lo, hi, m.P())
			}
		}
	}
	if _, ok := moderate([]float64{0.1}, VarPrior{}); ok {
		t.Error("one instance combined")
	}
}

// TestModeratedPTails: the two-sided p keeps its digits far into the tail, against R's 2 * pt(-t, df)
// (and 2 * pnorm(-t) for infinite df): 2 (1 - CDF(t)) had rounded the committed run's pooled/8 mixed
// cells' p-values (about 1e-40) to 0.
func TestModeratedPTails(t *testing.T) {
	for _, c := range []struct{ t, df, want float64 }{
		{1.3, 69.16557588870283, 0.19791665730477986},
		{20.5, 69.16557588870283, 4.2119251330256538e-31},
		{40, 22.8, 1.2719549118091891e-22},
		{4, 2, 0.05719095841793663},
		{8, math.Inf(1), 1.244192114854357e-15},
	} {
		m := Moderated{K: 4, Estimate: -c.t, Post: 4, DF: c.df} // SE 1
		if got := m.P(); math.Abs(got/c.want-1) > 1e-8 {
			t.Errorf("t %g on %g df: p %.17g, R %.17g", c.t, c.df, got, c.want)
		}
	}
}
