package report

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writeInstances is the cells page's section on runner instances (stats.Instances): for a merged folder
// of several runs, every elapsed-time comparison per instance, their random-effects combination (the
// verdict), the between-instance spread, and the cells whose instances point opposite ways. Nothing for a
// single instance.
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
				re := in.Combined
				het = fmt.Sprintf("K %d, tau %s%%, I² %s%%", re.K, pctNum(re.Tau()*100), pctNum(re.I2*100))
			}
			word := decisionWord(d)
			if in.Disagree {
				word, disagree = "**instances disagree**", disagree+1
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
		"interval at the family's level and its own verdict. Combined: the random-effects estimate of the instances' changes "+
		"(REML between-instance variance, Hartung-Knapp interval with the ad hoc correction, Student's t with K-1 degrees "+
		"of freedom), the interval and verdict every other table of this report shows; tau is the between-instance "+
		"standard deviation of the change, I² the share of the variance that lies between instances. Where one instance "+
		"reads faster and another slower the cell gets no faster or slower verdict (**instances disagree**: %d here). "+
		"See [METHOD.md](%s) (\"Replicas on several runner instances\").\n\n", len(runs), disagree, m.MethodLink)
	mdTableCompact(w, []string{"Candidate", "Backend", "Workload", "DOP", "Phase", "Per instance, % [interval] verdict",
		"Combined, % [interval]", "Heterogeneity", "Decision"}, rows)
}

// instanceCell is one instance's change with its interval and verdict.
func instanceCell(e stats.InstanceEstimate) string {
	if e.Log.N == 0 {
		return "no pairs"
	}
	c := signed((math.Exp(e.Log.Estimate) - 1) * 100)
	if e.Log.Thin() {
		return fmt.Sprintf("%s (%d pairs, no interval)", c, e.Pairs)
	}
	return fmt.Sprintf("%s [%s, %s] %s", c, signed((math.Exp(e.Log.Lo)-1)*100), signed((math.Exp(e.Log.Hi)-1)*100), e.Class)
}
