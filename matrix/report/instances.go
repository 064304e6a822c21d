package report

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writeInstances is the cells page's section on runner instances (stats.Instances): for a merged folder
// of several runs, every elapsed-time comparison per instance, their moderated combination (the verdict),
// the between-instance spread (the random-effects tau and I², and the instances' own standard deviation
// against the moderated one), and the cells whose instances point opposite ways. Nothing for a single
// instance.
func writeInstances(w io.Writer, m *model) {
	var rows [][]string
	runs := map[string]bool{}
	disagree := 0
	for _, c := range m.Analysis.Cells {
		for _, d := range c.Deltas {
			in := d.Instances
			if d.Metric != stats.Elapsed.Name || in == nil {
				continue
			}
			var per []string
			for _, e := range in.Per {
				runs[e.Run] = true
				per = append(per, fmt.Sprintf("%s: %s", e.Run, instanceCell(e)))
			}
			het := "fewer than 2 instances with an interval: not combined"
			if in.Decides() {
				m := in.Moderated
				het = fmt.Sprintf("K %d, SD %s%% → %s%%", m.K, pctNum(math.Sqrt(m.S2)*100), pctNum(math.Sqrt(m.Post)*100))
				if re := in.Combined; re.K >= 2 {
					het += fmt.Sprintf(", tau %s%%, I² %s%%", pctNum(re.Tau()*100), pctNum(re.I2*100))
				}
			}
			word := decisionWord(d)
			switch {
			case in.Disagree:
				word, disagree = "**instances disagree**", disagree+1
			case d.Split():
				word = "split (an instance points the other way)"
			}
			rows = append(rows, []string{d.Candidate, c.Backend, c.Workload, dopCell(c), c.Phase, strings.Join(per, "; "),
				trimMark(deltaCell(d)), het, word})
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "## Runner instances\n\n")
	fmt.Fprintf(w, "These results hold %d runner instances (runs): each instance is its own machine, so an effect is "+
		"established only where it holds across them. Per instance: its own Hodges-Lehmann change with its signed-rank "+
		"interval at the family's level and its own verdict. Combined: the mean of the instances' changes with their variance "+
		"moderated across the family's comparisons (an empirical-Bayes prior, as limma's squeezeVar; Student's t on the "+
		"prior's plus K-1 degrees of freedom), the interval and verdict every other table of this report shows. "+
		"Instance spread: SD is the standard deviation of the instances' changes, → the moderated one the interval uses; "+
		"tau is the between-instance standard deviation of the change (REML random effects, a description that decides "+
		"nothing), I² the share of the variance that lies between instances. Where one instance "+
		"reads faster and another slower the cell gets no faster or slower verdict (**instances disagree**: %d here). "+
		"See [METHOD.md](%s) (\"Replicas on several runner instances\").\n\n", len(runs), disagree, m.MethodLink)
	writePriors(w, m.Analysis.Priors[stats.Elapsed.Name])
	MarkdownTableCompact(w, []string{"Candidate", "Backend", "Workload", "DOP", "Phase", "Per instance, % [interval] verdict",
		"Combined, % [interval]", "Instance spread", "Decision"}, rows)
}

// instanceCell is one instance's change with its interval and verdict.
func instanceCell(e stats.InstanceEstimate) string {
	if e.Log.N == 0 {
		return "no pairs"
	}
	c := PctSigned((math.Exp(e.Log.Estimate) - 1) * 100)
	if e.Log.Thin() {
		return fmt.Sprintf("%s (%d pairs, no interval)", c, e.Pairs)
	}
	return fmt.Sprintf("%s [%s, %s] %s", c, PctSigned((math.Exp(e.Log.Lo)-1)*100), PctSigned((math.Exp(e.Log.Hi)-1)*100), e.Class)
}

// writePriors is the elapsed-time family's moderated priors (stats.StratumPrior) as a table: with several
// priors per comparison (one per stratum of stats.DefaultStrata, DefaultAlsoBy and DefaultAlsoByMore, the
// options every report takes), which one each comparison was decided on.
func writePriors(w io.Writer, ps []stats.StratumPrior) {
	if len(ps) == 0 {
		return
	}
	if len(ps) > 1 {
		var strata []string
		for _, s := range append([]stats.Strata{stats.DefaultStrata, stats.DefaultAlsoBy}, stats.DefaultAlsoByMore()...) {
			strata = append(strata, s.String())
		}
		fmt.Fprintf(w, "Each comparison is moderated %d times, with the prior fitted over each of its strata (%s), and decided "+
			"on the largest p-value: only what every prior decides is decided, so a candidate whose instances vary more "+
			"than the rest, in all its cells or in one workload, DOP class, phase or workload and phase, is not "+
			"under-stated by a prior fitted over more comparisons; no prior spans two candidates, so one "+
			"candidate whose instances vary does not change another's moderated variance.\n\n",
			len(strata), strings.Join(strata, "; "))
	}
	var rows [][]string
	for _, p := range ps {
		df := "infinite"
		if !math.IsInf(p.Prior.DF, 1) {
			df = fixed(p.Prior.DF, 1)
		}
		rows = append(rows, []string{p.Of, strconv.Itoa(p.Comparisons), fixed(math.Sqrt(p.Prior.Var)*100, 1) + "%", df,
			strconv.Itoa(p.Decides)})
	}
	MarkdownTableCompact(w, []string{"Prior over", "Comparisons", "An instance's change varies by (SD)", "Degrees of freedom",
		"Comparisons that carry it"}, rows)
}
