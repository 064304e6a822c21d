package runner

import (
	"fmt"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// PlanSettings are lab bench's settings, every field of BenchOptions a row, in the order Args writes
// them (and run.json records the command). A new setting is a row here, its BenchOptions field (and
// the matrix.Plan field it sets), and, with Env, its docs/USAGE.md row and, with Input, the workflow's
// input: nothing else names it (docs/ARCHITECTURE.md, "Adding a run setting").
var PlanSettings = []PlanSetting{
	{Name: "resume", Kind: SwitchFlag, Run: true, Values: []string{"true"},
		Usage: "continue the run in -out, skipping its recorded samples; the plan comes from its run.json",
		Set:   func(o *BenchOptions, v string) error { b, err := parseBool(v); o.Resume = b; return err },
		Get:   func(o BenchOptions) (string, bool) { return "true", o.Resume }},
	textRow(PlanSetting{Name: "profile", Values: []string{"smoke"},
		Usage: fmt.Sprintf("starting plan, one of %v (default: quick)", ProfileNames()),
		Env:   "DEFLATELAB_PROFILE", Input: "profile", Doc: "`" + strings.Join(ProfileNames(), "`, `") + "`", Default: "`quick`"},
		func(o *BenchOptions) *string { return &o.Profile }),
	textRow(PlanSetting{Name: "out", Run: true, Values: []string{"results/x"},
		Usage: "results directory (default results/<timestamp>-<goos>-<goarch>)"},
		func(o *BenchOptions) *string { return &o.Out }),
	{Name: "retry-failed", Kind: SwitchFlag, Run: true, Values: []string{"true"},
		Usage: "with -resume: take the run's failed samples again too; each retry replaces its failed attempt, which stays on disk, superseded",
		Env:   "DEFLATELAB_RETRY_FAILED", Doc: "`1` with `DEFLATELAB_RESUME`: take the run's failed samples again (`lab bench -retry-failed`)", Default: "unset",
		Set: func(o *BenchOptions, v string) error { b, err := parseBool(v); o.RetryFailed = b; return err },
		Get: func(o BenchOptions) (string, bool) { return "true", o.RetryFailed }},
	listRow(PlanSetting{Name: "variants", Values: []string{"control,pooled"},
		Usage: fmt.Sprintf("comma-separated variants, of %v or %s/N, each but %s optionally with %sN, its host linked with layout seed N (default: the profile's; %s is the A/A control: the control host, linked with layout seed %d, as a candidate; control%sN are more layouts of control, for the run's layout sensitivity)", CandidateNames(), matrix.Pooled, matrix.AA, matrix.LayoutTag, matrix.AA, matrix.AALayout, matrix.LayoutTag),
		Env:   "DEFLATELAB_VARIANTS", Input: "variants", Default: "the profile's",
		Doc: "comma-separated: `control`, `pooled`, `reuse` (.NET 11's caller-owned states: each worker keeps and Resets its own), `splitalloc`, `aa` (the A/A control: control's code linked in another function layout, `-randlayout=45`, measured as a candidate)"},
		func(o *BenchOptions) *[]string { return &o.Variants }),
	listRow(PlanSetting{Name: "workloads", Values: []string{"fixed,mixed"},
		Usage: fmt.Sprintf("comma-separated workloads, of %s (default: the profile's)", strings.Join(workload.Names(), ",")),
		Env:   "DEFLATELAB_WORKLOADS", Default: "the profile's: smoke all four, quick and full the first three, service fixed and service",
		Doc: "comma-separated: `fixed`, `mixed`, `stream`, `service` (docs/METHOD.md, \"Cells, samples, rounds, pairs\"; service: docs/notebook/2026-12-04-service-heap.md)"},
		func(o *BenchOptions) *[]string { return &o.Workloads }),
	intsRow(PlanSetting{Name: "dops", Values: []string{"1,4"},
		Usage: fmt.Sprintf("comma-separated degrees of parallelism, each 1..%d (default: the profile's)", hostresult.MaxDOP),
		Env:   "DEFLATELAB_DOPS", Input: "dops", Default: "the profile's",
		Doc: "comma-separated integers 1..1024, or `auto`: the profile's DOPs up to this machine's processor count, and the processor count (the GitHub workflow's default)"},
		func(o *BenchOptions) *[]int { return &o.DOPs }, ParseDOPs), // the same check and words as the mage targets' (Settings)
	listRow(PlanSetting{Name: "phases", Values: []string{"cold,warm"},
		Usage: "comma-separated phases, of cold,warm (default: the profile's)"},
		func(o *BenchOptions) *[]string { return &o.Phases }),
	listRow(PlanSetting{Name: "backends", Values: []string{"pages"},
		Usage: fmt.Sprintf("comma-separated allocator backends as the hosts name them, or %q, or %q alone for every backend the hosts have (default: the profile's)", DefaultBackend, AllBackends),
		Env:   "DEFLATELAB_BACKENDS", Input: "backends", Default: "`default` (.NET 10's allocator on the platform: `privateheap` on Windows, `libc` on Linux)",
		Doc: "comma-separated: `default`, `goheap`, `pages`, `privateheap`, `crt`, `libc` (`bench` and `matrix` accept only this platform's)"},
		func(o *BenchOptions) *[]string { return &o.Backends }),
	pointerRow(PlanSetting{Name: "rounds", Values: []string{"6"}, Usage: "rounds per cell (default: the profile's)"},
		func(o *BenchOptions) **int { return &o.Rounds }, parseInt, formatInt),
	pointerRow(PlanSetting{Name: "cold-ops", Values: []string{"3"}, Usage: "measured operations of a cold sample (default: the profile's)"},
		func(o *BenchOptions) **int { return &o.ColdOps }, parseInt, formatInt),
	pointerRow(PlanSetting{Name: "warm-ops", Values: []string{"4"}, Usage: "measured operations of a warm sample (default: the profile's)"},
		func(o *BenchOptions) **int { return &o.WarmOps }, parseInt, formatInt),
	pointerRow(PlanSetting{Name: "warmup", Values: []string{"0"}, Usage: "warm-up operations before a warm sample (default: the profile's)"},
		func(o *BenchOptions) **int { return &o.Warmup }, parseInt, formatInt),
	textRow(PlanSetting{Name: "order", Values: []string{"shuffle"}, Usage: "order of the variants within a round: rotate or shuffle (default: rotate)"},
		func(o *BenchOptions) *string { return &o.Order }),
	{Name: "seed", Values: []string{"42"}, Usage: "shuffle seed; 0 picks one and records it in run.json",
		Set: func(o *BenchOptions, v string) error { n, err := parseUint(v); o.Seed = n; return err },
		Get: func(o BenchOptions) (string, bool) { return fmt.Sprint(o.Seed), o.Seed != 0 }},
	pointerRow(PlanSetting{Name: "force-split", Kind: BoolFlag, Values: []string{"false", "true"},
		Usage: "splitalloc uses the split layout on every platform, not only Win64 (false: the seed's patch as written, a no-op off Win64; default: true)"},
		func(o *BenchOptions) **bool { return &o.ForceSplit }, parseBool, formatBool),
	intsRow(PlanSetting{Name: "pool-capacity", Values: []string{"8,12"},
		Usage: fmt.Sprintf("comma-separated idle-state bounds of the pooled variant, each 1..%d and each a candidate pooled/N (default: the profile's)", matrix.MaxPoolCapacity)},
		func(o *BenchOptions) *[]int { return &o.PoolCapacity }, parseCapacities),
	pointerRow(PlanSetting{Name: "adaptive", Kind: BoolFlag, Values: []string{"true", "false"},
		Usage: "adaptive rounds: batches of two order-balanced rounds, each cell closing once every comparison in it is decided (faster, slower, or equivalent within -equiv-margin) by an anytime-valid rule, at most -rounds (docs/METHOD.md, \"Adaptive rounds\"; default: the profile's)",
		Env:   "DEFLATELAB_ADAPTIVE", Input: "adaptive", Default: "the profile's: fixed",
		Doc: "`bench`, `matrix`, `remote`: `1` (or `true`) for adaptive rounds - batches of two order-balanced rounds, each candidate stopping once an anytime-valid rule decides its comparison, the profile's rounds a cap (`lab bench -adaptive`; docs/METHOD.md, \"Adaptive rounds\", has what it saves and what it loses); `0` for the fixed design"},
		func(o *BenchOptions) **bool { return &o.Adaptive }, parseBool, formatBool),
	pointerRow(PlanSetting{Name: "resample", Values: []string{"2"},
		Usage: "extra rounds, at most, for each cell the regime detector flags unstable after its rounds (even; 0: none; default: the profile's)"},
		func(o *BenchOptions) **int { return &o.Resample }, parseInt, formatInt),
	pointerRow(PlanSetting{Name: "equiv-margin", Values: []string{"0.025"},
		Usage: "equivalence margin of verdicts and adaptive stopping, a fraction (default 0.02: within -+2%)"},
		func(o *BenchOptions) **float64 { return &o.EquivMargin }, parseFloat, formatFloat),
	pointerRow(PlanSetting{Name: "replica", Values: []string{"2/3"},
		Usage: fmt.Sprintf("I/K: run replica I of K of the plan (1 <= I <= K <= %d), its own run on its own runner as a rule; lab merge combines the K results folders (run.json records the replica and the machine)", matrix.MaxReplicas),
		Env:   "DEFLATELAB_REPLICA", Default: "unset",
		Doc: "`bench`: `I/K`, this run is replica I of K (`lab bench -replica`); the workflow's measure legs set it"},
		func(o *BenchOptions) **matrix.Replica { return &o.Replica }, matrix.ParseReplica, matrix.Replica.String),
	{Name: "pairing", Values: matrix.Pairings(),
		Usage: fmt.Sprintf("how a round's pair runs: %s (one process after the other) or %s (control and the candidate at once, each pinned to processors of its own, where the round is one pair and 2 x DOP <= processors; other cells alternate) (default: the profile's, %s)",
			matrix.Alternating, matrix.Duet, matrix.Alternating),
		Env: "DEFLATELAB_PAIRING", Default: "the profile's: alternating",
		Doc: "`bench`, `matrix`: `alternating` (a round's processes one after the other) or `duet` (control and the candidate at once, each pinned to processors of its own, where the round is one pair and 2 x DOP fits the processors; the bench names the cells that run alternating and why, on screen and in `run.json`'s `alternating`, and exits 2 when none can run as a duet, e.g. three or more variants without adaptive rounds or re-sampling; `lab bench -pairing`; docs/METHOD.md, \"Duet pairs\")",
		Set: func(o *BenchOptions, v string) error {
			if matrix.CheckPairing(v) != nil {
				return fmt.Errorf("allowed: %s", strings.Join(matrix.Pairings(), " or "))
			}
			o.Pairing = v
			return nil
		},
		Get:    func(o BenchOptions) (string, bool) { return o.Pairing, o.Pairing != "" },
		Narrow: func(o BenchOptions, plan *matrix.Plan) { plan.Pairing = o.Pairing }},
	pointerRow(PlanSetting{Name: "layouts", Values: []string{"2", "0"},
		Usage: fmt.Sprintf("link layouts every candidate rotates through across rounds: round r runs each variant's host linked with the r-th of N fixed layout seeds (control's too, so a pair shares the round's layout; %s another one than control's), each host linked before the run; 0 or 1: one layout per candidate; 2..%d, dividing -rounds (default: the profile's)", matrix.AA, matrix.MaxRotationLayouts),
		Env:   "DEFLATELAB_LAYOUTS", Default: fmt.Sprintf("the profile's: %d for quick, full and service, off for smoke", ProfileLayouts),
		Doc: fmt.Sprintf("`bench`, `matrix`: `N`, every candidate rotates through N fixed link layouts across rounds (control too, `aa` never in control's layout of the round; `lab bench -layouts`; docs/notebook/2026-12-04-build-layout.md); `0` or `1` off; at most %d, and the rounds a multiple of N", matrix.MaxRotationLayouts)},
		func(o *BenchOptions) **int { return &o.Layouts }, parseLayouts, formatInt),
	// unchecked here: BenchOptions checks it (Valid) for every caller, with the message tests pin
	textRow(PlanSetting{Name: "zlibng", Run: true, Values: []string{"2.2.2"},
		Usage: fmt.Sprintf("zlib-ng generation whose deflate the engine runs: %s (default: the profile's, %s)", matrix.GenerationChoices(), matrix.DefaultZlibNG),
		Env:   "DEFLATELAB_ZLIBNG", Input: "zlibng", Default: "the profile's: `2.2.5`",
		Doc: "`bench`, `matrix`, `remote`: the engine's zlib-ng generation, `2.2.5` (.NET 10 and later) or `2.2.2` (.NET 9's; `lab bench -zlibng`)"},
		func(o *BenchOptions) *matrix.Generation { return &o.ZlibNG }),
	textRow(PlanSetting{Name: "platform", Values: []string{"windows/amd64"},
		Usage: "goos/goarch of the hosts (default: this machine's); with -exec, the platform the emulator runs"},
		func(o *BenchOptions) *string { return &o.Platform }),
	{Name: "exec", Run: true, Values: []string{"wine --x"},
		Usage: "run every host as `CMD` host-binary flags... (words split at spaces): an emulator such as qemu-aarch64-static or a wine wrapper, for another platform's hosts; needs -platform. The run and its samples are marked emulated: a functional check, not a timing",
		Set:   func(o *BenchOptions, v string) error { o.Exec = strings.Fields(v); return nil },
		Get:   func(o BenchOptions) (string, bool) { return strings.Join(o.Exec, " "), o.Exec != nil }},
	textRow(PlanSetting{Name: "bin", Run: true, Values: []string{"bin/w"},
		Usage: "directory of the host binaries (default bin/<goos>-<goarch>, of -platform when given)"},
		func(o *BenchOptions) *string { return &o.Bin }),
	{Name: "timeout", Run: true, Values: []string{"1m30s"}, Usage: "per-sample timeout (default: the profile's)",
		Set: func(o *BenchOptions, v string) error { d, err := parseDuration(v); o.Timeout = d; return err },
		Get: func(o BenchOptions) (string, bool) { return o.Timeout.String(), o.Timeout != 0 }},
	{Name: "progress", Run: true, Values: []string{"lines", "none"},
		Usage: "progress on stderr: auto (one live line on a terminal, a line per sample otherwise), lines, or none (the summary line only) (default: auto)",
		Set: func(o *BenchOptions, v string) error {
			o.Progress = v
			if v == "auto" { // the default: not given
				o.Progress = ""
			}
			return nil
		},
		Get: func(o BenchOptions) (string, bool) { return o.Progress, o.Progress != "" }},
}
