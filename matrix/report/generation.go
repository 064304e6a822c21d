package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// runGeneration is the zlib-ng generation every input ran: each run's plan (run.json) and each sample's
// own record, "" read as matrix.LegacyZlibNG (results from before the field ran 2.2.2). Inputs of more
// than one generation are a usage error naming every run and its generation: a report compares
// variants under one engine, and two engines' times are not one cell.
func runGeneration(in *inputs) (matrix.Generation, error) {
	byRun := map[string]map[matrix.Generation]bool{} // run id -> its generations
	add := func(run string, gen matrix.Generation) {
		if byRun[run] == nil {
			byRun[run] = map[matrix.Generation]bool{}
		}
		byRun[run][gen] = true
	}
	for _, src := range in.Sources {
		if mf := src.Manifest; mf != nil {
			add(cmpRun(mf.Run, src.Group), mf.Plan.Generation())
		}
	}
	for _, s := range in.Samples {
		if s.Result != nil {
			add(cmpRun(s.Run, "an unnamed run"), matrix.ZlibNGOf(s.Result.ZlibNG))
		}
	}
	all := map[matrix.Generation]bool{}
	for _, gens := range byRun {
		maps.Copy(all, gens)
	}
	switch len(all) {
	case 0:
		return matrix.LegacyZlibNG, nil // nothing ran: no generation to name, and none to mix
	case 1:
		return slices.Collect(maps.Keys(all))[0], nil
	}
	var parts []string
	for _, run := range slices.Sorted(maps.Keys(byRun)) {
		parts = append(parts, fmt.Sprintf("run %s: zlib-ng %s", run, hostresult.JoinGenerations(slices.Sorted(maps.Keys(byRun[run])), " and ")))
	}
	return "", &matrix.InvalidError{Err: fmt.Errorf("report: the inputs ran different zlib-ng generations (%s); a report compares variants under one generation: render each generation's runs separately",
		strings.Join(parts, "; "))}
}

// cmpRun is a run's id, or what names it when it has none.
func cmpRun(run, otherwise string) string {
	if run == "" {
		return otherwise
	}
	return run
}

// generationLine names the engine every page's numbers come from: "**Engine:** the deflate of zlib-ng 2.2.5
// (.NET 10 and later).", the generation the engine reproduces (deflate.Generation).
func (m *model) generationLine() string {
	return fmt.Sprintf("**Engine:** the deflate of %s.", m.ZlibNG.Words())
}
