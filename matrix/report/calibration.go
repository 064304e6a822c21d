package report

import (
	"crypto/sha256"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// calibrationFamilies says what each family's A/A comparisons are, for the calibration table.
var calibrationFamilies = map[string]string{
	stats.FamilyElapsed:   "elapsed time: A/A cells named faster or slower",
	stats.FamilyLifetime:  "lifetime cost: A/A ratios whose interval excludes 1",
	stats.FamilyBreakEven: "break-even: A/A long-run winners named (the ratio at 1M excludes 1)",
}

// calibrationSeed is the seed of a report's label swaps: fixed, so that a report re-renders the same.
const calibrationSeed = 1

// calibrations memoizes calibrate by the inputs' bytes: the label swaps recompute the analysis
// stats.DefaultSwaps times, and a process that renders the same results again (the tests do, a dozen
// times) gets the same answer from the same bytes.
var calibrations sync.Map // string -> *stats.Calibration

// calibrate measures the run's own A/A label-swap null (stats.LabelSwapNull) of in's measured samples.
func calibrate(in *inputs, manifests []*matrix.Manifest) (*stats.Calibration, error) {
	h := sha256.New()
	for _, r := range in.Raw {
		fmt.Fprintf(h, "%s %d\n", r.Name, len(r.Data))
		h.Write(r.Data)
	}
	fmt.Fprintf(h, "%d samples, margin %v", len(in.Samples), planMargin(in))
	key := string(h.Sum(nil))
	if c, ok := calibrations.Load(key); ok {
		return c.(*stats.Calibration), nil
	}
	c, err := stats.LabelSwapNull(in.Samples, manifests, stats.Options{EquivMargin: planMargin(in)}, stats.DefaultSwaps, calibrationSeed)
	if err != nil {
		return nil, err
	}
	calibrations.Store(key, c)
	return c, nil
}

// calibrationHeading heads writeCalibration's section, which the first page's flags link.
const calibrationHeading = "Calibration on the run's own A/A null"

// writeCalibration is the environment page's section on the run's own A/A null (stats.LabelSwapNull).
func writeCalibration(w io.Writer, m *model) {
	cal := m.Calibration
	if cal == nil {
		return
	}
	fmt.Fprintf(w, "## %s\n\n", calibrationHeading)
	fmt.Fprintf(w, "`%s` runs control's host, so swapping the two labels in a round gives another equally likely outcome of this "+
		"same run. In each of %d label swaps (seed %d) the labels of control and `%s` were swapped in every cell and round with "+
		"probability 1/2, each sample keeping its place in the round, and the report's own analysis named its A/A differences "+
		"again. The exclusion rate is the mean share of A/A comparisons named, with its standard error over the swaps; the "+
		"nominal level is what the family's intervals allow (one minus their stated confidence); a family is above it when "+
		"its rate is more than %d standard errors above it. `go run ./cmd/lab aanull -in ... -swaps N` measures it with more swaps.\n\n",
		matrix.AA, cal.Swaps, cal.Seed, matrix.AA, stats.ExceedsSE)
	WriteCalibrationTable(w, cal, false)
	if ex := cal.Exceeds(); len(ex) > 0 {
		var names []string
		for _, f := range ex {
			names = append(names, f.Family)
		}
		fmt.Fprintf(w, "**Above its nominal level: %s.** Those intervals are narrower than this run's own noise: read the "+
			"family's verdicts as indications.\n\n", strings.Join(names, ", "))
	}
}

// WriteCalibrationTable is one row per family: the A/A comparisons, how many the run names, how many the
// swaps named, the rate against the nominal level; perSwap lists each swap's count. The environment
// page's calibration section and lab aanull print it.
func WriteCalibrationTable(w io.Writer, cal *stats.Calibration, perSwap bool) {
	header := []string{"Family", "A/A comparisons", "Named in this run", "Named per swap (min, mean, max)", "Exclusion rate ± SE", "Nominal level", "Within it"}
	if perSwap {
		header = append(header, "Named in each swap")
	}
	var rows [][]string
	for _, f := range cal.Families {
		lo, hi, sum := slices.Min(f.Named), slices.Max(f.Named), 0
		var each []string
		for _, n := range f.Named {
			sum += n
			each = append(each, fmt.Sprint(n))
		}
		within := "yes"
		if f.Exceeds {
			within = "**no**"
		}
		row := []string{calibrationFamilies[f.Family], fmt.Sprint(f.Comparisons), fmt.Sprint(f.Observed),
			fmt.Sprintf("%d, %s, %d", lo, fixed(float64(sum)/float64(len(f.Named)), 1), hi),
			pctShare(f.Rate, 2) + " ± " + fixed(100*f.SE, 2), pctShare(f.Nominal, 2), within}
		if perSwap {
			row = append(row, strings.Join(each, " "))
		}
		rows = append(rows, row)
	}
	MarkdownTable(w, header, rows)
}
