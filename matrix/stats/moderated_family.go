package stats

import (
	"fmt"
	"maps"
	"math"
	"slices"
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
	ByPhase     Strata = 1 << iota // cold, warm
	ByDOP                          // latency (DOP within the processors) or contention (oversubscribed)
	ByWorkload                     // fixed, mixed, stream, ...
	ByCandidate                    // aa, pooled/8, split, ...: each allocator's own interaction with the machine
)

// DefaultStrata is the strata of the first prior every comparison is decided under (Options.Strata): its
// candidate's. A prior over the whole family is shared: one candidate whose instances vary more (one
// runner instance slower for it alone) lowers the family prior's df and widens every other candidate's
// interval, and limma's robust fit cannot clip a candidate that is a fifth of the family; a prior per
// candidate leaves the others' decisions as they were (lab aanull -moderation -slices;
// docs/notebook/2026-12-05-robust-prior.md).
const DefaultStrata = ByCandidate

// DefaultAlsoBy is the strata of the second prior every comparison must also be decided under (Options.AlsoBy):
// its candidate's in its phase. The calibration of lab aanull -moderation chose it (docs/METHOD.md): a
// candidate's cold or warm cells may vary more than its others.
const DefaultAlsoBy = ByCandidate | ByPhase

// DefaultAlsoByMore are the further priors every comparison must also be decided under (Options.AlsoByMore):
// its candidate's in its workload, in its DOP class, and in its workload and phase. Instances that differ in
// one slice only (a runner whose memory differs shows in mixed, one with fewer cores in the contention
// DOPs) spread a few of a wider stratum's comparisons, which that prior dilutes: with these and the
// small-strata rule (DefaultPooledBelow) the A/A null holds at or below level + 1 SE with the
// heterogeneity in any one workload, DOP class, phase, candidate or workload x phase (four seeds), at a
// cost in power (lab aanull -moderation -slices; docs/notebook/2026-12-05-small-strata-pooled.md).
func DefaultAlsoByMore() []Strata {
	return []Strata{ByCandidate | ByWorkload, ByCandidate | ByDOP, ByCandidate | ByWorkload | ByPhase}
}

// DefaultPooledBelow is the stratum size below which a comparison is also decided on its stratum's pooled
// variance (Options.PooledBelow). limma's prior fit estimates the prior's scale and df from the spread of
// the log variances; on a few comparisons of 2 df each that estimate is rough, and the moderated t on the
// stratum's pooled df names 2.9% of 4 homogeneous null comparisons at a 1.9% level, 2.3% of 8 and 2.1% of 12
// (testdata/small-stratum.R, 20,000 draws each), where the pooled variance (every comparison's S2 averaged,
// t on the pooled df: exact when the stratum's variances are equal) names 1.85-1.93% and the larger of the
// two p-values 1.6-1.7%.
const DefaultPooledBelow = 12

// String names the strata as ParseStrata reads them: "family" for none, else "phase+dop+workload+candidate"
// or a part.
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
}{{"phase", ByPhase}, {"dop", ByDOP}, {"workload", ByWorkload}, {"candidate", ByCandidate}}

// ParseStrata reads "family" (one prior) or a "+"-joined list of phase, dop, workload and candidate.
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
			return 0, fmt.Errorf("strata %q: %q is not one of family, phase, dop, workload, candidate (joined by +)", v, part)
		}
	}
	return s, nil
}

// moderateFamily fits the prior of every stratum (o.Strata) of a family's deltas (cells[i] is ds[i]'s cell)
// to the sample variances of their instances' estimates, and moderates each delta's combination with its
// stratum's prior. Deltas of one instance, or whose instances have fewer than two intervals, are left as
// they are. Without a moderation (o.Unmoderated) the priors are left at 0 degrees of freedom. Unless
// o.OnePrior, each delta is moderated again with the prior of its stratum under o.AlsoBy and under each of
// o.AlsoByMore (a stratum equal to o.Strata's, or repeated, once) and keeps the combination with the
// largest p-value: it is decided only if every prior decides it (the largest of valid p-values is valid),
// so a comparison whose stratum varies more than the rest of o.Strata's is not under-stated by that prior,
// and one whose stratum varies less keeps it. With o.Guard in (0, 1), a delta whose instances scatter more
// than their own within-instance errors allow (Cochran's Q of the random-effects combination, upper
// chi-square tail on K-1 df, below Guard) keeps its own variance alone (prior df 0): the prior fitted over
// the family would under-state it. With o.OutlierGuard in (0, 1), the same for a delta whose sample
// variance is an outlier of its prior (the upper tail of S2 / prior variance under F(K-1, prior df) below
// it; limma's robust = TRUE idea, as a test rather than a shrunken prior df). With o.RobustPrior, each
// stratum's prior is limma's robust one (FitFDistRobust): the shrunken prior df itself.
func moderateFamily(ds []*Delta, cells []*Cell, o Options) []StratumPrior {
	var alsos []Strata // the strata of the further priors every comparison must also be decided under
	if !o.OnePrior {
		for _, s := range append([]Strata{o.AlsoBy}, o.AlsoByMore...) {
			if s != o.Strata && !slices.Contains(alsos, s) {
				alsos = append(alsos, s)
			}
		}
	}
	groups := map[string][]*Moderated{}
	also := make([]map[string][]*Moderated, len(alsos))
	for j := range also {
		also[j] = map[string][]*Moderated{}
	}
	var own []*Moderated
	alt := make([][]*Moderated, len(alsos)) // alt[j][i] is own[i]'s moderation under alsos[j]
	for i, d := range ds {
		if in := d.Instances; in != nil && in.Moderated.K >= 2 {
			in.Moderated.setPrior(VarPrior{}, 0)
			in.Moderated.PriorOf = o.Strata.label(cells[i], d.Candidate)
			groups[in.Moderated.PriorOf] = append(groups[in.Moderated.PriorOf], &in.Moderated)
			own = append(own, &in.Moderated)
			for j, s := range alsos {
				m := in.Moderated
				m.PriorOf = s.label(cells[i], d.Candidate)
				also[j][m.PriorOf] = append(also[j][m.PriorOf], &m)
				alt[j] = append(alt[j], &m)
			}
		}
	}
	if o.Unmoderated {
		return nil
	}
	defer func() { // deferred calls run last first: the outlier guard reads the fitted priors
		if !(o.Guard > 0) {
			return
		}
		for _, d := range ds {
			if in := d.Instances; in != nil && in.Combined.K >= 2 && heterogeneityP(in.Combined) < o.Guard {
				in.Moderated.setPrior(VarPrior{}, 0)
			}
		}
	}()
	defer func() {
		if !(o.OutlierGuard > 0) {
			return
		}
		for _, g := range groups {
			for _, m := range g {
				if m.Prior.DF > 0 && outlierP(*m) < o.OutlierGuard {
					m.setPrior(VarPrior{}, 0)
				}
			}
		}
	}()
	var priors []StratumPrior
	fit := func(gs map[string][]*Moderated) {
		for _, k := range slices.Sorted(maps.Keys(gs)) {
			if p, ok := setFamilyPrior(gs[k], o.RobustPrior); ok {
				priors = append(priors, StratumPrior{Of: k, Prior: p, Comparisons: len(gs[k])})
				if len(gs[k]) < o.PooledBelow {
					alsoPooled(gs[k])
				}
			}
		}
	}
	fit(groups)
	for j := range also {
		fit(also[j])
	}
	for i, m := range own {
		for j := range alt {
			if alt[j][i].P() > m.P() {
				*m = *alt[j][i]
			}
		}
	}
	for i := range priors {
		for _, g := range groups {
			for _, m := range g {
				if m.PriorOf == priors[i].Of {
					priors[i].Decides++
				}
			}
		}
	}
	return priors
}

// alsoPooled moderates each of a small stratum's comparisons ms a second time, with the stratum's pooled
// variance (their S2 weighted by their K-1; prior df infinite, capped at the pooled df), and keeps the
// combination with the larger p-value: the comparison is decided only if the fitted prior and the pooled
// variance both decide it (DefaultPooledBelow says why).
func alsoPooled(ms []*Moderated) {
	var sum, pooled float64
	for _, m := range ms {
		sum += float64(m.K-1) * m.S2
		pooled += float64(m.K - 1)
	}
	if !(pooled > 0 && sum > 0) {
		return
	}
	p := VarPrior{Var: sum / pooled, DF: math.Inf(1)}
	for _, m := range ms {
		alt := *m
		alt.setPrior(p, pooled)
		alt.Pooled = true
		if alt.P() > m.P() {
			*m = alt
		}
	}
}

// StratumPrior is one prior a family's comparisons were moderated with: Of names its stratum ("family",
// or the stratum's parts, as "aa, cold"), Comparisons is how many it was fitted to and Decides how many
// carry it in the end (the one of their priors with the largest p-value).
type StratumPrior struct {
	Of                   string
	Prior                VarPrior
	Comparisons, Decides int
}

// label names cell c's candidate's stratum under s, as Moderated.PriorOf and StratumPrior.Of read it:
// "family" for one prior, else its parts, the candidate first ("aa, cold", "pooled/8, warm, contention").
func (s Strata) label(c *Cell, candidate string) string {
	if s == 0 {
		return "family"
	}
	var parts []string
	if s&ByCandidate != 0 {
		parts = append(parts, candidate)
	}
	if s&ByPhase != 0 {
		parts = append(parts, c.Phase)
	}
	if s&ByWorkload != 0 {
		parts = append(parts, c.Workload)
	}
	if s&ByDOP != 0 {
		parts = append(parts, map[bool]string{false: "latency", true: "contention"}[c.Oversubscribed()])
	}
	return strings.Join(parts, ", ")
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
// family's pooled df, as limma's eBayes caps them; it returns the prior (its common df when robust), ok
// false when none could be fitted.
func setFamilyPrior(ms []*Moderated, robust bool) (VarPrior, bool) {
	vars, dfs := make([]float64, len(ms)), make([]float64, len(ms))
	pooled := 0.0
	for i, m := range ms {
		vars[i], dfs[i] = m.S2, float64(m.K-1)
		pooled += dfs[i]
	}
	if robust {
		p, ok := FitFDistRobust(vars, dfs)
		if !ok {
			return VarPrior{}, false
		}
		for i, m := range ms {
			m.setPrior(p.Prior(i), pooled)
		}
		return VarPrior{Var: p.Var, DF: p.DF}, true
	}
	p, ok := FitFDist(vars, dfs)
	if !ok {
		return VarPrior{}, false
	}
	for _, m := range ms {
		m.setPrior(p, pooled)
	}
	return p, true
}
