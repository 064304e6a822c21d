package stats

import (
	"math"

	moremath "github.com/aclements/go-moremath/stats"
)

// RandomEffects is the random-effects combination of K estimates y_k with standard errors se_k (one per
// runner instance): each instance's true effect is the common one plus its own offset, drawn with
// variance Tau2 (the between-instance variance), so an instance whose machine runs the candidate 2%
// faster is one draw of that offset, not evidence the effect is everywhere. Tau2 is the restricted
// maximum-likelihood estimate (REML, by Fisher scoring, as R's metafor::rma(method = "REML")); the
// estimate's standard error is Hartung and Knapp's (Knapp and Hartung, Stat. Med. 22, 2003) with the ad
// hoc correction that keeps it from falling below the usual one (Roever, Knapp and Friede, BMC Med. Res.
// Methodol. 15:99, 2015), and intervals and p-values come from Student's t with K-1 degrees of freedom.
// With two or three instances that t is wide (12.7 and 4.3 at 95%): few instances cannot show that an
// effect holds on other instances unless they agree closely, and that is the point.
//
// Invariants: K >= 2 for a combination (Combine refuses fewer); SE > 0; 0 <= I2 < 1.
type RandomEffects struct {
	K        int
	Estimate float64 // the weighted mean, weights 1 / (se_k^2 + Tau2)
	SE       float64 // Hartung-Knapp, ad hoc corrected
	SEKnHa   float64 // Hartung-Knapp without the correction (metafor's test = "knha")
	SEZ      float64 // the usual standard error, sqrt(1 / sum of weights) (metafor's test = "z")
	Tau2     float64
	// Q is Cochran's heterogeneity statistic (fixed-effect weights), I2 the share of the total variance
	// that is between instances, metafor's tau^2 / (tau^2 + s^2) with s^2 its typical within-instance
	// variance.
	Q, I2 float64
}

// Tau is the between-instance standard deviation.
func (r RandomEffects) Tau() float64 { return math.Sqrt(r.Tau2) }

// Interval is the estimate's interval at confidence conf.
func (r RandomEffects) Interval(conf float64) (lo, hi float64) {
	h := tQuantile(float64(r.K-1), (1+conf)/2) * r.SE
	return r.Estimate - h, r.Estimate + h
}

// P is the two-sided p-value for no effect.
func (r RandomEffects) P() float64 {
	t := math.Abs(r.Estimate) / r.SE
	return math.Min(1, 2*(1-moremath.TDist{V: float64(r.K - 1)}.CDF(t)))
}

// Combine combines estimates ys with standard errors ses (same length, at least 2, every se positive
// and finite); ok is false otherwise, and when the arithmetic does not stay finite (standard errors so
// small that their weights overflow).
func Combine(ys, ses []float64) (r RandomEffects, ok bool) {
	k := len(ys)
	if k < 2 || len(ses) != k {
		return r, false
	}
	v := make([]float64, k)
	for i, se := range ses {
		if !(se > 0) || math.IsInf(se, 0) || math.IsNaN(ys[i]) {
			return r, false
		}
		v[i] = se * se
	}
	r.K = k
	// Fixed effect: Q and the typical within-instance variance.
	var sw, sw2, swy float64
	for i := range ys {
		w := 1 / v[i]
		sw, sw2, swy = sw+w, sw2+w*w, swy+w*ys[i]
	}
	fe := swy / sw
	for i := range ys {
		r.Q += (ys[i] - fe) * (ys[i] - fe) / v[i]
	}
	s2 := float64(k-1) * sw / (sw*sw - sw2)
	// REML by Fisher scoring from the DerSimonian-Laird estimate.
	tau2 := math.Max(0, (r.Q-float64(k-1))/(sw-sw2/sw))
	for range 1000 {
		var a, b, c, d, e float64 // sum w, w^2, w^3, w^2 (y-mu)^2, and mu's sum w y
		for i := range ys {
			w := 1 / (v[i] + tau2)
			a, b, c, e = a+w, b+w*w, c+w*w*w, e+w*ys[i]
		}
		mu := e / a
		for i := range ys {
			w := 1 / (v[i] + tau2)
			d += w * w * (ys[i] - mu) * (ys[i] - mu)
		}
		trP, trPP := a-b/a, b-2*c/a+b*b/(a*a)
		next := math.Max(0, tau2+(d-trP)/trPP)
		if math.Abs(next-tau2) < 1e-12 {
			tau2 = next
			break
		}
		tau2 = next
	}
	r.Tau2 = tau2
	var a, e float64
	for i := range ys {
		w := 1 / (v[i] + tau2)
		a, e = a+w, e+w*ys[i]
	}
	r.Estimate = e / a
	var q float64
	for i := range ys {
		w := 1 / (v[i] + tau2)
		q += w * (ys[i] - r.Estimate) * (ys[i] - r.Estimate)
	}
	q /= float64(k - 1)
	r.SEZ = math.Sqrt(1 / a)
	r.SEKnHa = math.Sqrt(q / a)
	r.SE = math.Max(r.SEKnHa, r.SEZ)
	r.I2 = tau2 / (tau2 + s2)
	// Standard errors near zero (a metric every instance measures as nearly constant, such as Go bytes per
	// operation) give weights whose squares overflow: the sums turn infinite and the result NaN. There is no
	// combination then; the caller analyses the pooled pairs instead.
	for _, x := range []float64{r.Estimate, r.SE, r.Tau2, r.I2, r.Q} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return RandomEffects{}, false
		}
	}
	return r, true
}

// tQuantile is Student's t quantile at p (in (0, 1)) with df degrees of freedom, by bisection on the CDF.
func tQuantile(df, p float64) float64 {
	if p == 0.5 {
		return 0
	}
	if p < 0.5 {
		return -tQuantile(df, 1-p)
	}
	d := moremath.TDist{V: df}
	lo, hi := 0.0, 1.0
	for d.CDF(hi) < p {
		lo, hi = hi, hi*2
	}
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if d.CDF(mid) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}
