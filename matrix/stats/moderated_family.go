package stats

import (
	"fmt"
	"math"
	"strings"

	"github.com/aclements/go-moremath/mathx"
)

// Strata is how a family's comparisons are grouped for the moderated prior (Moderated): one prior over
// the whole family (the zero value), or one per group of cells that share the attributes set. A stratum
// protects comparisons whose instances scatter more than the rest of the family's (say, cold cells on a
// machine whose first operations vary between instances) from a prior that would under-state them; it
// costs prior degrees of freedom, fewer comparisons inform each prior. docs/METHOD.md says which the lab
// uses and why (the calibration of lab aanull -moderation).
type Strata uint8

const (
	ByPhase    Strata = 1 << iota // cold, warm
	ByDOP                         // latency (DOP within the processors) or contention (oversubscribed)
	ByWorkload                    // fixed, mixed, stream, ...
)

// DefaultStrata is the strata an analysis fits its priors in unless Options says otherwise.
const DefaultStrata Strata = 0

// String names the strata as ParseStrata reads them: "family" for none, else "phase+dop+workload" or a part.
func (s Strata) String() string {
	var parts []string
	for _, p := range strataNames {
		if s&p.s != 0 {
			parts = append(parts, p.name)
		}
	}
	if len(parts) == 0 {
		return "family"
	}
	return strings.Join(parts, "+")
}

var strataNames = []struct {
	name string
	s    Strata
}{{"phase", ByPhase}, {"dop", ByDOP}, {"workload", ByWorkload}}

// ParseStrata reads "family" (one prior) or a "+"-joined list of phase, dop and workload.
func ParseStrata(v string) (Strata, error) {
	if v == "family" || v == "" {
		return 0, nil
	}
	var s Strata
	for _, part := range strings.Split(v, "+") {
		found := false
		for _, p := range strataNames {
			if p.name == part {
				s, found = s|p.s, true
			}
		}
		if !found {
			return 0, fmt.Errorf("strata %q: %q is not one of family, phase, dop, workload (joined by +)", v, part)
		}
	}
	return s, nil
}

// key is the stratum of cell c.
func (s Strata) key(c *Cell) string {
	var k []string
	if s&ByPhase != 0 {
		k = append(k, c.Phase)
	}
	if s&ByDOP != 0 {
		k = append(k, fmt.Sprint(c.Oversubscribed()))
	}
	if s&ByWorkload != 0 {
		k = append(k, c.Workload)
	}
	return strings.Join(k, "/")
}

// moderateFamily fits the prior of every stratum of a family's deltas (cells[i] is ds[i]'s cell) to the
// sample variances of their instances' estimates, and moderates each delta's combination with its
// stratum's prior. Deltas of one instance, or whose instances have fewer than two intervals, are left
// as they are. Without a moderation (unmoderated) the priors are left at 0 degrees of freedom. With a
// guard in (0, 1), a delta whose instances scatter more than their own within-instance errors allow
// (Cochran's Q of the random-effects combination, upper chi-square tail on K-1 df, below guard) keeps its
// own variance alone (prior df 0): the prior fitted over the family would under-state it. With an
// outlier guard in (0, 1), the same for a delta whose sample variance is an outlier of its prior (the
// upper tail of S2 / prior variance under F(K-1, prior df) below it; limma's robust = TRUE idea, as a
// test rather than a shrunken prior df). With robust, each stratum's prior is limma's robust one
// (FitFDistRobust): the shrunken prior df itself.
func moderateFamily(ds []*Delta, cells []*Cell, strata Strata, unmoderated, robust bool, guard, outlier float64) {
	groups := map[string][]*Moderated{}
	for i, d := range ds {
		if in := d.Instances; in != nil && in.Moderated.K >= 2 {
			in.Moderated.setPrior(VarPrior{}, 0)
			k := strata.key(cells[i])
			groups[k] = append(groups[k], &in.Moderated)
		}
	}
	if unmoderated {
		return
	}
	defer func() { // deferred calls run last first: the outlier guard reads the fitted priors
		if !(guard > 0) {
			return
		}
		for _, d := range ds {
			if in := d.Instances; in != nil && in.Combined.K >= 2 && heterogeneityP(in.Combined) < guard {
				in.Moderated.setPrior(VarPrior{}, 0)
			}
		}
	}()
	defer func() {
		if !(outlier > 0) {
			return
		}
		for _, g := range groups {
			for _, m := range g {
				if m.Prior.DF > 0 && outlierP(*m) < outlier {
					m.setPrior(VarPrior{}, 0)
				}
			}
		}
	}()
	for _, ms := range groups {
		setFamilyPrior(ms, robust)
	}
}

// heterogeneityP is Cochran's Q test's p-value: the upper chi-square tail of Q on K-1 degrees of freedom.
func heterogeneityP(r RandomEffects) float64 {
	return mathx.GammaIncComp(float64(r.K-1)/2, r.Q/2)
}

// outlierP is the upper tail of m's sample variance under its prior: P(F(K-1, Prior.DF) > S2 / Prior.Var)
// (chi-square on K-1 df over K-1 for an infinite prior df).
func outlierP(m Moderated) float64 {
	d1, d2, f := float64(m.K-1), m.Prior.DF, m.S2/m.Prior.Var
	if math.IsInf(d2, 1) {
		return mathx.GammaIncComp(d1/2, d1*f/2)
	}
	return mathx.BetaInc(d2/(d2+d1*f), d2/2, d1/2)
}

// setFamilyPrior fits the prior to ms's sample variances (FitFDist, or FitFDistRobust with robust) and
// moderates each with it (with its own prior df when robust), the degrees of freedom capped at the
// family's pooled df, as limma's eBayes caps them.
func setFamilyPrior(ms []*Moderated, robust bool) {
	vars, dfs := make([]float64, len(ms)), make([]float64, len(ms))
	pooled := 0.0
	for i, m := range ms {
		vars[i], dfs[i] = m.S2, float64(m.K-1)
		pooled += dfs[i]
	}
	if robust {
		p, ok := FitFDistRobust(vars, dfs)
		if !ok {
			return
		}
		for i, m := range ms {
			m.setPrior(p.Prior(i), pooled)
		}
		return
	}
	p, ok := FitFDist(vars, dfs)
	if !ok {
		return
	}
	for _, m := range ms {
		m.setPrior(p, pooled)
	}
}
