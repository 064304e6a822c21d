package runner

import (
	"fmt"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// DefaultBackend in a plan's Backends stands for the hosts' default allocator (nativemem.Default), which
// the runner resolves to its real name before anything runs.
const DefaultBackend = "default"

// AllBackends, as a plan's only backend, stands for every backend all the hosts have, resolved like
// DefaultBackend: what a functional check of a platform (an emulated run) takes.
const AllBackends = "all"

// FullPoolCapacities are the pool capacities the full profile measures: the seed's 8, the mixed workload's
// 12 configurations, and the seed's 16-slot candidate.
var FullPoolCapacities = []int{8, 12, 16}

// Profile is a named starting plan and the per-sample timeout that suits it.
type Profile struct {
	Name    string
	Doc     string
	Plan    matrix.Plan
	Timeout time.Duration
}

// Profiles lists the profiles: smoke, quick (the default), full, service.
func Profiles() []Profile {
	base := matrix.Plan{
		Variants: withCapacities(hostbin.Variants(), matrix.DefaultPoolCapacities), Workloads: workload.Names(), Phases: hostresult.Phases(),
		Backends: []string{DefaultBackend}, Order: matrix.Rotate,
		// Force the split off Win64 too: there the seed's patch is a no-op, and a second control measures
		// nothing. Windows hosts split either way; -force-split=false measures the patch as written.
		ForceSplit: true,
		ZlibNG:     matrix.DefaultZlibNG,
		ColdOps:    hostresult.DefaultColdOps, WarmOps: hostresult.DefaultWarmOps, Warmup: hostresult.DefaultWarmup,
		PayloadSeed: workload.DefaultSeed, PayloadSize: workload.DefaultSize, PayloadRandom: workload.DefaultRandFrac,
	}
	smoke, quick, full := base, base, base
	// quick and full measure the pristine heap's workloads; service has a profile of its own (below).
	quick.Workloads, full.Workloads = workload.Pristine(), workload.Pristine()

	smoke.Profile = "smoke"
	smoke.DOPs, smoke.Rounds = []int{1, 2}, balancedRounds(3, len(smoke.Variants), false)
	smoke.ColdOps, smoke.WarmOps, smoke.Warmup = 20, 40, 10

	// quick: sized on a 2-core linux/amd64 machine to finish in a few minutes (see docs/METHOD.md). With
	// the A/A control and the reuse bound it runs five variants, whose rotation's period is 10: one period
	// would be too few pairs, two (10 rounds, 600 samples) keep it near its old 576 samples of 12 rounds
	// with four; 12 asked rounds would become 20 and double the default run.
	quick.Profile = "quick"
	quick.Variants = withAA(quick.Variants)
	quick.DOPs, quick.Rounds = []int{1, 8}, balancedRounds(10, len(quick.Variants), true)
	quick.ColdOps, quick.WarmOps, quick.Warmup = hostresult.DefaultColdOps, 5000, 1000
	// A cell at two speeds is re-sampled here too (docs/METHOD.md, "Re-sampling unstable cells"): on a
	// shared machine, where quick runs, transient regimes are the rule.
	quick.Resample = &matrix.Resample{MaxExtra: quick.Rounds}

	// full: the seeds' protocol, with the pool at 8, 12 and 16 slots (the seed's 16-slot question; the
	// mixed workload's twelve configurations at DOP 4 is the seed's losing cell), the reuse bound, the A/A
	// control, and rounds >= 12 that balance positions and carry-over: seven candidates, odd, so the
	// rotation's period is 14, and 14 rounds.
	full.Profile = "full"
	full.Variants = withAA(withCapacities(hostbin.Variants(), FullPoolCapacities))
	full.DOPs, full.Rounds = []int{1, 4, 8, 12}, balancedRounds(12, len(full.Variants), true)
	// Cells the regime detector flags take up to as many extra rounds again, so a transient regime is
	// outvoted or confirmed (docs/METHOD.md, "Re-sampling unstable cells").
	full.Resample = &matrix.Resample{MaxExtra: full.Rounds}

	// service: full's protocol on the service workload beside fixed, its pristine twin, so that one run
	// says what the fragmented heap changes. Not in full: a service sample costs a fixed one plus the
	// background's build, settle, churn and probes, and a fourth workload would make full a third longer.
	// Its candidates are quick's (control, the A/A control, pooled/8, splitalloc and the reuse bound): the
	// pool's other capacities answer the mixed workload's question, which service does not ask, and five
	// candidates balance in 10 rounds (800 samples per replica) where full's seven take 14 (1,568), so
	// three replicas fit in under an hour on a 2-core machine.
	service := full
	service.Profile = "service"
	service.Workloads = []string{workload.Fixed().Name, workload.Service().Name}
	service.Variants = withAA(withCapacities(hostbin.Variants(), matrix.DefaultPoolCapacities))
	service.Rounds = balancedRounds(10, len(service.Variants), true)
	service.Resample = &matrix.Resample{MaxExtra: service.Rounds}

	// Every candidate but smoke's rotates through ProfileLayouts link layouts across rounds (matrix.Plan.Layouts).
	quick.Layouts = matrix.RotationLayouts(ProfileLayouts)
	full.Layouts, service.Layouts = quick.Layouts, quick.Layouts

	return []Profile{
		{Name: "smoke", Doc: "seconds: tiny operation counts, for tests and CI", Plan: smoke, Timeout: time.Minute},
		{Name: "quick", Doc: "the default local run: a few minutes", Plan: quick, Timeout: 2 * time.Minute},
		{Name: "full", Doc: "the seeds' protocol: cold 3,000 ops, warm 2,000 + 20,000, DOP 1/4/8/12, pooled/8, /12 and /16, the reuse bound, the A/A control, 14 rounds", Plan: full, Timeout: 10 * time.Minute},
		{Name: "service", Doc: "full's protocol on the service workload (a fragmented process heap) beside fixed, with quick's five candidates in 10 rounds", Plan: service, Timeout: 10 * time.Minute},
	}
}

// ProfileLayouts is how many link layouts the quick, full and service profiles rotate every candidate
// through (-layouts): two, which divides every even round count, so that the profiles' rounds (10, 14),
// adaptive rounds' batches of two and re-sampling's even extra rounds each give the layouts equal rounds,
// and a variant takes two hosts to link (a few seconds each) before its first run. Smoke, which measures
// nothing and runs in CI on two cores, keeps one layout per candidate.
const ProfileLayouts = 2

// balancedRounds is the smallest number of rounds, at least atLeast, that balances the rotation of n
// candidates: a multiple of n (each takes each position equally often), and with carryOver a multiple
// of RotationPeriod(n) (each directly follows each other equally often). The round counts above are
// sized for the registry's three host variants; one more variant changes n, and this keeps the
// profiles balanced (docs/ARCHITECTURE.md, "Adding a variant").
func balancedRounds(atLeast, n int, carryOver bool) int {
	step := n
	if carryOver {
		step = matrix.RotationPeriod(n)
	}
	return (atLeast + step - 1) / step * step
}

// ProfileNames lists the profiles' names.
func ProfileNames() []string {
	var names []string
	for _, p := range Profiles() {
		names = append(names, p.Name)
	}
	return names
}

// ProfileByName returns the named profile or an error listing the allowed names.
func ProfileByName(name string) (Profile, error) {
	for _, p := range Profiles() {
		if p.Name == name {
			return p, nil
		}
	}
	return Profile{}, fmt.Errorf("matrix: unknown profile %q; allowed: %v", name, ProfileNames())
}
