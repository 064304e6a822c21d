package report

import (
	"fmt"
	"io"
	"strconv"
)

// writeSpread says how spread over its run each run's cells were (matrix.Spread): interleaved rounds
// spread every cell over most of the run, so that a machine state lasting minutes touches every cell a
// little; a run older than interleaving ran each cell's rounds as one block.
func writeSpread(w io.Writer, m *model) {
	if len(m.Spread) == 0 {
		return
	}
	order := map[string]string{}
	for _, src := range m.Sources {
		if mf := src.Manifest; mf != nil {
			order[mf.Run] = "back to back"
			if mf.Interleave != nil {
				order[mf.Run] = "interleaved"
			}
		}
	}
	var rows [][]string
	for _, rs := range m.Spread {
		by := "sample times"
		if !rs.ByTime {
			by = "file order"
		}
		o := order[rs.Run]
		switch {
		case o != "":
		case rs.Contiguous == len(rs.Cells):
			o = "back to back (no run.json)"
		default:
			o = "interleaved (no run.json)"
		}
		least := ""
		for _, c := range rs.Cells {
			if c.Share == rs.Min {
				least = fmt.Sprintf(" (%s/%d %s, %s)", c.Cell.Workload, c.Cell.DOP, c.Cell.Phase, c.Cell.Backend)
				break
			}
		}
		rows = append(rows, []string{"`" + rs.Run + "`", o, strconv.Itoa(len(rs.Cells)), pctShare(rs.Median, 0), pctShare(rs.Min, 0) + least,
			fmt.Sprintf("%d of %d", rs.Contiguous, len(rs.Cells)), by})
	}
	fmt.Fprintf(w, "**Rounds over the run.** How much of its run each cell's samples spread over (first sample's start to last "+
		"sample's end, as a share of the run's span). An interleaved run takes round r of every cell before any cell's "+
		"round r+1, so each cell spans most of the run and a slow spell of the machine falls on every cell a little; a "+
		"cell whose rounds ran back to back carries only the noise of its own minutes ([METHOD.md](%s#interleaved-rounds)).\n\n", m.MethodLink)
	MarkdownTable(w, []string{"Run", "Rounds", "Cells", "Median cell span", "Smallest", "Cells back to back", "Measured by"}, rows)
}
