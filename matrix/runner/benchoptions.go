package runner

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// BenchOptions are one lab bench: a new run of a profile's plan narrowed by the plan fields, or, with
// Resume, the run in Out continued on the plan its run.json holds. Both doors fill them: cmd/lab from
// lab bench's flags (each field is named after its flag), internal/tasks from the DEFLATELAB_*
// variables; Bench runs them, narrow makes a new run's plan of them, and Args turns them back into the
// flags (run.json's record of the command, the targets' log lines). Every field is a row of
// PlanSettings (plansettings.go), which both doors and Args read (docs/ARCHITECTURE.md, "Adding a run
// setting").
//
// Invariants (Validate): a nil slice or pointer, an empty string and a zero number are "not given": the
// profile's (or the default the flag names). A given plan field is checked even when it equals the
// default, and refused with Resume, whose plan comes from the run. RetryFailed needs Resume; Resume needs
// Out; Exec needs Platform for a new run.
type BenchOptions struct {
	// The plan of a new run.
	Profile      string          // -profile; "": quick
	Variants     []string        // -variants
	Workloads    []string        // -workloads
	DOPs         []int           // -dops
	Phases       []string        // -phases
	Backends     []string        // -backends
	Rounds       *int            // -rounds
	ColdOps      *int            // -cold-ops
	WarmOps      *int            // -warm-ops
	Warmup       *int            // -warmup
	Order        string          // -order: rotate or shuffle
	Seed         uint64          // -seed; 0 picks one (a shuffle) and records it in run.json
	ForceSplit   *bool           // -force-split; nil: true
	PoolCapacity []int           // -pool-capacity: replaces the pooled candidates, one per capacity; given empty is refused
	Adaptive     *bool           // -adaptive
	Resample     *int            // -resample
	EquivMargin  *float64        // -equiv-margin
	Replica      *matrix.Replica // -replica I/K
	Pairing      string          // -pairing
	Layouts      *int            // -layouts N: rotate every candidate through N link layouts across rounds; 0 or 1 off
	Platform     string          // -platform goos/goarch; "": this machine's

	// Any run, new or resumed.
	ZlibNG      matrix.Generation // -zlibng; with Resume it must be the run's generation
	Out         string            // -out; "": results/<time>-<goos>-<goarch>[-rIofK] for a new run
	Bin         string            // -bin; "": bin/<goos>-<goarch>
	Resume      bool              // -resume
	RetryFailed bool              // -retry-failed
	Timeout     time.Duration     // -timeout; 0: the profile's (a resumed run's own)
	Exec        []string          // -exec, as words; nil: none (a resumed run: its own)
	Progress    string            // -progress: auto, lines or none; "": auto
}

// Validate checks what can be checked without the disk, naming the flag and what it allows; Bench
// checks the rest (the plan the fields make, a resumed run's run.json) before anything runs. Every
// error is a *matrix.InvalidError.
func (o BenchOptions) Validate() error {
	if !slices.Contains([]string{"", "auto", "lines", "none"}, o.Progress) {
		return matrix.Invalidf("bench: -progress %q: allowed: auto, lines, none", o.Progress)
	}
	if o.Platform != "" {
		if goos, goarch, ok := strings.Cut(o.Platform, "/"); !ok || goos == "" || goarch == "" || strings.Contains(goarch, "/") {
			return matrix.Invalidf("bench: -platform %q: want goos/goarch, e.g. windows/amd64", o.Platform)
		}
	} else if len(o.Exec) > 0 && !o.Resume {
		return matrix.Invalidf("bench: -exec runs another platform's hosts: give -platform goos/goarch too (e.g. windows/amd64 under wine, linux/arm64 under qemu-aarch64-static)")
	}
	if o.Timeout < 0 {
		return matrix.Invalidf("bench: -timeout %v is negative; allowed: a positive duration such as 30s, or 0 for the profile's", o.Timeout)
	}
	if o.RetryFailed && !o.Resume {
		return matrix.Invalidf("bench: -retry-failed retakes a run's failed samples: give -resume -out <run> too")
	}
	if o.Profile != "" {
		if _, err := ProfileByName(o.Profile); err != nil {
			return &matrix.InvalidError{Err: err}
		}
	}
	if o.Resume {
		if o.Out == "" {
			return matrix.Invalidf("bench: -resume needs -out, the results directory to continue")
		}
		if given := o.planFlags(); len(given) > 0 {
			return matrix.Invalidf("bench: -resume takes the plan from %s; drop %s", filepath.Join(o.Out, resultsdir.ManifestFile), strings.Join(given, " "))
		}
	}
	return nil
}

// platform is the hosts' goos and goarch: Platform, or this machine's.
func (o BenchOptions) platform() (goos, goarch string) {
	if o.Platform == "" {
		return runtime.GOOS, runtime.GOARCH
	}
	goos, goarch, _ = strings.Cut(o.Platform, "/")
	return goos, goarch
}

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
	if o.Layouts != nil {
		if _, err := parseLayouts(strconv.Itoa(*o.Layouts)); err != nil {
			return plan, matrix.Invalidf("bench: -layouts %d: %v", *o.Layouts, err)
		}
		plan.Layouts = matrix.RotationLayouts(*o.Layouts)
	}
	if err := o.narrowSettings(&plan); err != nil {
		return plan, err
	}
	if o.EquivMargin != nil {
		plan.EquivMargin = *o.EquivMargin
	}
	if o.ZlibNG != "" {
		if !o.ZlibNG.Valid() {
			return plan, matrix.Invalidf("bench: -zlibng %q: allowed: %s", o.ZlibNG, matrix.GenerationChoices())
		}
		plan.ZlibNG = o.ZlibNG
	}
	plan.Seed = o.Seed
	plan.ForceSplit = o.ForceSplit == nil || *o.ForceSplit
	plan.Service = workload.BackgroundOf(plan.Workloads)
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
