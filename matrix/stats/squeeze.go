package stats

import (
	"math"
	"slices"
)

// VarPrior is an empirical-Bayes prior for a family of sample variances (Smyth, Stat. Appl. Genet. Mol.
// Biol. 3:3, 2004): each comparison's true variance is drawn from a scaled inverse chi-square with scale
// Var and DF degrees of freedom. DF is +Inf when the family's variances scatter no more than sampling
// alone would (then every comparison has the variance Var), 0 when there is nothing to learn from the
// family (one comparison): the posterior is then the comparison's own variance.
type VarPrior struct {
	Var, DF float64
}

// Post is the posterior (moderated) variance of a sample variance s2 on df degrees of freedom: the
// average of the prior's and the sample's, weighted by their degrees of freedom (limma's .squeezeVar);
// its degrees of freedom are p.DF + df.
func (p VarPrior) Post(s2, df float64) float64 {
	switch {
	case math.IsInf(p.DF, 1):
		return p.Var
	case p.DF+df == 0:
		return s2
	}
	return (df*s2 + p.DF*p.Var) / (df + p.DF)
}

// FitFDist fits the prior to sample variances x with degrees of freedom df (same length) as limma 3.54's
// fitFDist without a covariate: by moments of the log variances, whose expectation and variance under
// the model are ln Var + digamma(df/2) - ln(df/2) - digamma(DF/2) + ln(DF/2) and trigamma(df/2) +
// trigamma(DF/2). Variances that are not finite or negative, and those with df not finite or not
// positive, are left out; ok is false when fewer than one remains. Zero variances are offset to 1e-5 of
// the median, as limma does (with a median of zero, of 1e-5).
func FitFDist(x, df []float64) (p VarPrior, ok bool) {
	var xs, ds []float64
	for i := range x {
		if len(df) == len(x) && !math.IsNaN(x[i]) && !math.IsInf(x[i], 0) && x[i] > -1e-15 && df[i] > 1e-15 && !math.IsInf(df[i], 0) {
			xs, ds = append(xs, math.Max(x[i], 0)), append(ds, df[i])
		}
	}
	switch len(xs) {
	case 0:
		return p, false
	case 1:
		return VarPrior{Var: xs[0]}, true
	}
	m := median(slices.Sorted(slices.Values(xs)))
	if m == 0 {
		m = 1
	}
	n := float64(len(xs))
	es := make([]float64, len(xs))
	var emean, tri float64
	for i := range xs {
		xs[i] = math.Max(xs[i], 1e-5*m)
		es[i] = math.Log(xs[i]) - digamma(ds[i]/2) + math.Log(ds[i]/2)
		emean += es[i] / n
		tri += trigamma(ds[i]/2) / n
	}
	var evar float64
	for _, e := range es {
		evar += (e - emean) * (e - emean) / (n - 1)
	}
	evar -= tri
	if evar > 0 {
		d0 := 2 * trigammaInverse(evar)
		return VarPrior{Var: math.Exp(emean + digamma(d0/2) - math.Log(d0/2)), DF: d0}, true
	}
	var mean float64
	for _, v := range xs {
		mean += v / n
	}
	return VarPrior{Var: mean, DF: math.Inf(1)}, true
}

// SqueezeVar is limma's squeezeVar(var, df) without a covariate or robustness: the prior fitted to the
// family (FitFDist) and every variance's posterior. A variance on 0 degrees of freedom counts as 0, as in
// limma; ok is false when the prior cannot be fitted.
func SqueezeVar(vars, df []float64) (post []float64, p VarPrior, ok bool) {
	v, ok := squeezeInput(vars, df)
	if !ok {
		return nil, p, false
	}
	if len(v) == 1 {
		return v, VarPrior{Var: v[0]}, true
	}
	if p, ok = FitFDist(v, df); !ok {
		return nil, p, false
	}
	post = make([]float64, len(v))
	for i := range v {
		post[i] = p.Post(v[i], df[i])
	}
	return post, p, true
}

// squeezeInput is what limma's squeezeVar fits: a copy of vars with the variances on 0 degrees of freedom
// set to 0. ok is false when there is no variance or df has another length.
func squeezeInput(vars, df []float64) (v []float64, ok bool) {
	if len(vars) == 0 || len(df) != len(vars) {
		return nil, false
	}
	v = slices.Clone(vars)
	for i := range v {
		if df[i] == 0 {
			v[i] = 0
		}
	}
	return v, true
}
