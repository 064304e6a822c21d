package runner

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/matrix"
)

// narrow is a new run's plan: the profile's, with every plan field of o that is given put in its
// place. A value the plan cannot take is a *matrix.InvalidError naming the flag; the whole plan is
// checked after (ValidatePlan), so that a field is refused in the same words whichever door gave it.
func (o BenchOptions) narrow(plan matrix.Plan) (matrix.Plan, error) {
	for _, f := range []struct {
		v   []string
		dst *[]string
	}{{o.Variants, &plan.Variants}, {o.Workloads, &plan.Workloads}, {o.Phases, &plan.Phases}, {o.Backends, &plan.Backends}} {
		if f.v != nil {
			*f.dst = slices.Clone(f.v)
		}
	}
	if o.DOPs != nil {
		if err := matrix.CheckDOPs(o.DOPs); err != nil {
			return plan, &matrix.InvalidError{Err: err} // the same check and words as the mage targets' (Settings)
		}
		plan.DOPs = slices.Clone(o.DOPs)
	}
	for _, f := range []struct {
		v   *int
		dst *int
	}{{o.Rounds, &plan.Rounds}, {o.ColdOps, &plan.ColdOps}, {o.WarmOps, &plan.WarmOps}, {o.Warmup, &plan.Warmup}} {
		if f.v != nil {
			*f.dst = *f.v
		}
	}
	if o.Order != "" {
		plan.Order = o.Order
	}
	if o.Adaptive != nil {
		plan.Adaptive = nil
		if *o.Adaptive {
			a := matrix.DefaultAdaptive
			plan.Adaptive = &a
			if r := plan.Rounds % a.Batch; r != 0 && o.Rounds == nil { // the profile's rounds, up to whole batches
				plan.Rounds += a.Batch - r
			}
		}
	}
	if o.Resample != nil {
		switch n := *o.Resample; {
		case n == 0:
			plan.Resample = nil
		case n < 0 || n%2 != 0:
			return plan, matrix.Invalidf("bench: -resample %d: want 0 (off) or an even number of extra rounds (foldover pairs)", n)
		default:
			plan.Resample = &matrix.Resample{MaxExtra: n}
		}
	}
	if o.Pairing != "" {
		if err := matrix.CheckPairing(o.Pairing); err != nil {
			return plan, matrix.Invalidf("bench: -pairing %q: allowed: %s or %s", o.Pairing, matrix.Alternating, matrix.Duet)
		}
		plan.Pairing = o.Pairing
	}
	if o.EquivMargin != nil {
		plan.EquivMargin = *o.EquivMargin
	}
	if o.ZlibNG != "" {
		if _, err := deflate.ParseGeneration(o.ZlibNG); err != nil {
			return plan, matrix.Invalidf("bench: -zlibng %q: allowed: %s", o.ZlibNG, matrix.GenerationChoices())
		}
		plan.ZlibNG = o.ZlibNG
	}
	plan.Seed = o.Seed
	plan.ForceSplit = o.ForceSplit == nil || *o.ForceSplit
	if o.PoolCapacity != nil {
		vs, err := applyCapacities(plan.Variants, o.PoolCapacity)
		if err != nil {
			return plan, &matrix.InvalidError{Err: err}
		}
		plan.Variants = vs
	}
	return plan, nil
}

// applyCapacities replaces the pooled candidates of vs by one per capacity in caps (-pool-capacity).
func applyCapacities(vs []string, caps []int) ([]string, error) {
	words := make([]string, len(caps))
	for i, n := range caps {
		words[i] = strconv.Itoa(n)
		if _, err := matrix.ParseCapacity(words[i]); err != nil {
			return nil, fmt.Errorf("bench: -pool-capacity: %w", err)
		}
	}
	if len(caps) == 0 {
		return nil, fmt.Errorf("bench: -pool-capacity is empty; give capacities such as 8,12,16")
	}
	if !slices.ContainsFunc(vs, func(v string) bool { return matrix.HostVariant(v) == matrix.Pooled }) {
		return nil, fmt.Errorf("bench: -pool-capacity %s, but the variants %v include no %s", strings.Join(words, ","), vs, matrix.Pooled)
	}
	return withCapacities(vs, caps), nil
}
