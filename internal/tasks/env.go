package tasks

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/runner"
	"github.com/deflatelab/deflatelab/matrix/workload"
	"github.com/deflatelab/deflatelab/nativemem"
)

// The environment variables the mage targets read. The GitHub workflow sets them from its
// workflow_dispatch inputs through env:, never by interpolating an input into a shell line.
const (
	EnvProfile          = "DEFLATELAB_PROFILE"           // smoke, quick or full
	EnvVariants         = "DEFLATELAB_VARIANTS"          // comma-separated variant names; empty = all
	EnvWorkloads        = "DEFLATELAB_WORKLOADS"         // comma-separated: fixed, mixed; empty = the profile's
	EnvDOPs             = "DEFLATELAB_DOPS"              // comma-separated degrees of parallelism >= 1
	EnvBackends         = "DEFLATELAB_BACKENDS"          // comma-separated allocator backends; empty = the profile's
	EnvResults          = "DEFLATELAB_RESULTS"           // bench: where runs go; report: what it reads (comma-separated); default "results"
	EnvRequireEmulators = "DEFLATELAB_REQUIRE_EMULATORS" // 1: a missing emulator fails validate:emulated
	EnvRef              = "DEFLATELAB_REF"               // remote: branch or tag to run on GitHub; default: the default branch
	EnvAbsentBackends   = "DEFLATELAB_ABSENT_BACKENDS"   // bench, matrix: "skip" runs the backends this platform has (backends.go); default "error"
	EnvReports          = "DEFLATELAB_REPORTS"           // report, matrix, remote: where reports go; default LocalReports
	EnvResume           = "DEFLATELAB_RESUME"            // bench, matrix: the run directory to continue (lab bench -resume)
	EnvRetryFailed      = "DEFLATELAB_RETRY_FAILED"      // 1: with EnvResume, take the run's failed samples again (-retry-failed)
	EnvAdaptive         = "DEFLATELAB_ADAPTIVE"          // bench, matrix, remote: 1 for adaptive rounds (lab bench -adaptive), 0 for fixed; empty = the profile's
	EnvZlibNG           = "DEFLATELAB_ZLIBNG"            // bench, matrix, remote: the engine's zlib-ng generation, 2.2.5 or 2.2.2 (lab bench -zlibng); empty = the profile's
	EnvPairing          = "DEFLATELAB_PAIRING"           // bench, matrix: alternating or duet (lab bench -pairing); empty = the profile's
	EnvReplica          = "DEFLATELAB_REPLICA"           // bench: I/K, this run is replica I of K (lab bench -replica); the workflow's legs set it
	EnvReplicas         = "DEFLATELAB_REPLICAS"          // bench, matrix, remote: K replicas; locally run one after another and merged (lab merge); default 1
	EnvPlatforms        = "DEFLATELAB_PLATFORMS"         // plan, report: the platforms the workflow runs (goos/goarch, comma-separated); default all four
	EnvForce            = "DEFLATELAB_FORCE"             // report: 1 replaces a report folder that exists (lab report -force)
	EnvMissing          = "DEFLATELAB_MISSING"           // report, with EnvPlatforms: "fail" (default) or "warn" when a planned platform has no results
)

// DOPsAuto, as EnvDOPs, picks the DOPs on the machine that runs the bench: the profile's DOPs up to its
// processor count, and the processor count itself (a runner with 4 processors runs the quick profile at
// 1 and 4). The GitHub workflow's default: its runners have 4 or 2 processors, and the seeds' DOP 8 and
// 12 on them measure contention, not latency (they stay available by naming them).
const DOPsAuto = "auto"

// Variables lists every DEFLATELAB_* variable the targets read, in the order of docs/USAGE.md's options table: anything else
// with that prefix is a mistake (a misspelled DEFLATELAB_PROFLE must not silently run the default).
func Variables() []string {
	vars := []string{EnvProfile, EnvVariants, EnvWorkloads, EnvDOPs, EnvBackends, EnvAbsentBackends, EnvResults,
		EnvRequireEmulators, EnvRef, EnvReports, EnvAdaptive, EnvZlibNG}
	vars = append(vars, settingVars()...) // the plan settings' table (settings.go)
	return append(vars, EnvReplica, EnvReplicas, EnvPlatforms, EnvMissing, EnvResume, EnvRetryFailed, EnvForce)
}

// envPrefix is the prefix of the lab's variables.
const envPrefix = "DEFLATELAB_"

// MaxReplicas bounds EnvReplicas and the K of EnvReplica: lab bench -replica's own bound.
const MaxReplicas = matrix.MaxReplicas

// LocalReports is where the report, matrix and remote targets put reports unless EnvReports says
// otherwise: a git-ignored folder, so that a local run never leaves the tracked reports/ index
// (reports/README.md) modified or new folders beside it. EnvReports=reports publishes a report there.
const LocalReports = "reports-local"

// DefaultProfile is the profile used when EnvProfile is empty: the runner's default local run.
const DefaultProfile = "quick"

// The names each list may hold come from the packages that own them, so they cannot drift:
// profiles from matrix, variants from matrix (the hosts that can be built, and the A/A control), workloads from
// matrix/workload, and backends from nativemem.Names() - every backend on some platform, because a
// dispatch to GitHub must accept names this machine lacks; the runner rejects a backend a host
// does not have, naming the available ones - plus runner.DefaultBackend.
func profiles() []string     { return runner.ProfileNames() }
func variantNames() []string { return runner.CandidateNames() }
func workloads() []string    { return workload.Names() }
func backends() []string     { return append([]string{runner.DefaultBackend}, nativemem.Names()...) }

// Options are the validated settings of the bench, matrix and remote targets. A nil slice means
// "what the profile says"; it is never empty-but-non-nil.
type Options struct {
	Profile          string
	Variants         []string
	Workloads        []string
	DOPs             []int
	Backends         []string
	Results          string   // directory the bench target writes its run into; "" when EnvResults names several
	ReportIn         []string // what the report target reads, all of each; nil: the newest run under Results
	RequireEmulators bool
	Ref              string // remote only
	// SkipAbsentBackends (EnvAbsentBackends=skip): bench and matrix drop the Backends this platform
	// lacks, with a notice, instead of failing; the GitHub workflow sends one list to every platform.
	SkipAbsentBackends bool
	GitHubActions      bool // GITHUB_ACTIONS=true: notices are also workflow commands (::notice::)
	// StepSummary is $GITHUB_STEP_SUMMARY, the file the report target writes the run's summary into.
	StepSummary string
	// RunURL is the workflow run's page ($GITHUB_SERVER_URL/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID), "" off GitHub.
	RunURL      string
	Reports     string // where reports go (EnvReports); "" = LocalReports
	Resume      string // the run directory bench continues instead of starting a new one (EnvResume)
	RetryFailed bool   // with Resume: take its failed samples again (EnvRetryFailed, lab bench -retry-failed)
	// Adaptive (EnvAdaptive) turns adaptive rounds on or off; nil leaves the profile's choice.
	Adaptive *bool
	// ZlibNG (EnvZlibNG) is the engine generation, "2.2.5" or "2.2.2"; "" leaves the profile's.
	ZlibNG matrix.Generation
	// Settings are the plan settings' variables that are set (settings.go: EnvPairing, ...), trimmed
	// and checked, by variable; nil when none is.
	Settings map[string]string
	// Replica (EnvReplica) makes this bench replica Index of Count (lab bench -replica I/K); zero: none.
	Replica matrix.Replica
	// Replicas (EnvReplicas): bench and matrix run this many replicas one after another and merge them;
	// remote asks the workflow for this many legs per platform. 0 when unset: one run (remote: the
	// workflow's default).
	Replicas int
	// AutoDOPs (EnvDOPs=auto): Here picks the DOPs from this machine's processors (DOPsAuto).
	AutoDOPs bool
	// Platforms (EnvPlatforms) are the platforms the workflow plans; the report names those without
	// results. nil: every platform (plan), none checked (report).
	Platforms []string
	// Force (EnvForce=1): the report target replaces a report folder that exists; without it, it refuses
	// as lab report does without -force.
	Force bool
	// MissingWarn (EnvMissing=warn): a planned platform without results is a warning, not a failure.
	MissingWarn bool
}

// FromEnviron is FromEnv over an environment list (os.Environ()), after checking that every
// DEFLATELAB_* variable in it is one the targets read. Every error is a *matrix.InvalidError.
func FromEnviron(environ []string) (Options, error) {
	vars := map[string]string{}
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	if err := checkVariables(vars); err != nil {
		return Options{}, usage(err)
	}
	o, err := FromEnv(func(k string) string { return vars[k] })
	return o, usage(err)
}

// checkVariables refuses a DEFLATELAB_* variable the targets do not read, naming the closest known one
// and listing them all.
func checkVariables(vars map[string]string) error {
	var unknown []string
	for k := range vars {
		if strings.HasPrefix(k, envPrefix) && !slices.Contains(Variables(), k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	slices.Sort(unknown)
	var b strings.Builder
	for i, k := range unknown {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s=%q: unknown variable", k, vars[k])
		if near := closest(k, Variables()); near != "" {
			fmt.Fprintf(&b, " (did you mean %s?)", near)
		}
	}
	fmt.Fprintf(&b, "; the targets read: %s (docs/USAGE.md, Options)", strings.Join(Variables(), ", "))
	return errors.New(b.String())
}

// closest is the name in names nearest to s, if it is within a few edits (a typo), else "".
func closest(s string, names []string) string {
	best, bestD := "", 4
	for _, n := range names {
		if d := editDistance(s, n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// FromEnv reads the DEFLATELAB_* variables through getenv (os.Getenv in the targets, a map in the
// tests) and validates every one of them. An error names the variable, the bad value and what is
// allowed; nothing is defaulted silently except empty variables.
func FromEnv(getenv func(string) string) (Options, error) {
	o := Options{Profile: DefaultProfile, Results: "results"}
	var err error
	if v := strings.TrimSpace(getenv(EnvProfile)); v != "" {
		if !slices.Contains(profiles(), v) {
			return o, fmt.Errorf("%s=%q: unknown profile; allowed: %s", EnvProfile, v, strings.Join(profiles(), ", "))
		}
		o.Profile = v
	}
	// Variants and workloads first as lab bench checks them (the same words for the same input), then
	// against what the targets take.
	if err := settingsCheck(EnvVariants, getenv, runner.Settings{Variants: rawList(getenv, EnvVariants)}); err != nil {
		return o, err
	}
	if o.Variants, err = nameList(getenv, EnvVariants, variantNames()); err != nil {
		return o, err
	}
	if err := settingsCheck(EnvWorkloads, getenv, runner.Settings{Workloads: rawList(getenv, EnvWorkloads)}); err != nil {
		return o, err
	}
	if o.Workloads, err = nameList(getenv, EnvWorkloads, workloads()); err != nil {
		return o, err
	}
	if o.Backends, err = nameList(getenv, EnvBackends, backends()); err != nil {
		return o, err
	}
	if strings.TrimSpace(getenv(EnvDOPs)) == DOPsAuto {
		o.AutoDOPs = true
	} else if o.DOPs, err = dopList(getenv(EnvDOPs)); err != nil {
		return o, err
	}
	if o.Platforms, err = nameList(getenv, EnvPlatforms, Platforms); err != nil {
		return o, err
	}
	switch v := strings.TrimSpace(getenv(EnvMissing)); v {
	case "", "fail":
	case "warn":
		o.MissingWarn = true
	default:
		return o, fmt.Errorf("%s=%q: allowed: fail (a planned platform without results fails the report), warn, or unset (fail)", EnvMissing, v)
	}
	if v := strings.TrimSpace(getenv(EnvResults)); v != "" {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p == "" {
				return o, fmt.Errorf("%s=%q: an empty directory name; allowed: one directory, or several comma-separated for the report", EnvResults, v)
			}
			if err := resultsdir.CheckDir(p); err != nil {
				return o, fmt.Errorf("%s=%q: %w", EnvResults, v, err)
			}
			o.ReportIn = append(o.ReportIn, p)
		}
		o.Results = ""
		if len(o.ReportIn) == 1 {
			o.Results = o.ReportIn[0]
		}
	}
	o.Ref = strings.TrimSpace(getenv(EnvRef))
	switch v := strings.TrimSpace(getenv(EnvAbsentBackends)); v {
	case "", "error":
	case "skip":
		o.SkipAbsentBackends = true
	default:
		return o, fmt.Errorf("%s=%q: allowed: skip (run the backends this platform has), error (the default) or unset", EnvAbsentBackends, v)
	}
	o.GitHubActions = getenv("GITHUB_ACTIONS") == "true"
	o.StepSummary = getenv("GITHUB_STEP_SUMMARY")
	if server, repo, id := getenv("GITHUB_SERVER_URL"), getenv("GITHUB_REPOSITORY"), getenv("GITHUB_RUN_ID"); server != "" && repo != "" && id != "" {
		o.RunURL = server + "/" + repo + "/actions/runs/" + id
	}
	o.Reports = strings.TrimSpace(getenv(EnvReports))
	if err := resultsdir.CheckDir(o.ReportsDir()); err != nil {
		return o, fmt.Errorf("%s=%q: %w", EnvReports, o.Reports, err)
	}
	if err := resultsdir.CheckDir(o.Results); o.Results != "" && err != nil { // the default, results/
		return o, fmt.Errorf("%s unset: its default %w", EnvResults, err)
	}
	if o.Force, err = envBool(getenv, EnvForce, "1 or true (the report target replaces a report folder that exists, as lab report -force), 0, false or unset (it refuses)"); err != nil {
		return o, err
	}
	o.Resume = strings.TrimSpace(getenv(EnvResume))
	switch v := strings.TrimSpace(getenv(EnvRetryFailed)); v {
	case "", "0", "false":
	case "1", "true":
		if o.Resume == "" {
			return o, fmt.Errorf("%s=%q retakes a run's failed samples: set %s=results/<run> too", EnvRetryFailed, v, EnvResume)
		}
		o.RetryFailed = true
	default:
		return o, fmt.Errorf("%s=%q: allowed: 1, true, 0, false or unset", EnvRetryFailed, v)
	}
	if err := resumeConflicts(getenv); err != nil {
		return o, err
	}
	switch v := strings.TrimSpace(getenv(EnvAdaptive)); v {
	case "":
	case "1", "true", "0", "false":
		on := v == "1" || v == "true"
		o.Adaptive = &on
	default:
		return o, fmt.Errorf("%s=%q: allowed: 1 or true (adaptive rounds), 0 or false (every cell takes the profile's rounds), or unset (the profile's)", EnvAdaptive, v)
	}
	if v := strings.TrimSpace(getenv(EnvZlibNG)); v != "" {
		g, err := matrix.ParseGeneration(v)
		if err != nil {
			hint := ""
			if strings.ContainsAny(v, `/\`) {
				hint = "; a zlib-ng build directory for the engine's differential tests is not read from this variable (deflate/BENCHMARKS.md names it ZLIBNG_DIR)"
			}
			return o, fmt.Errorf("%s=%q: allowed: %s%s", EnvZlibNG, v, generationWords(), hint)
		}
		o.ZlibNG = g
	}
	if o.Settings, err = readSettings(getenv); err != nil {
		return o, err
	}
	if v := strings.TrimSpace(getenv(EnvReplica)); v != "" {
		if o.Replica, err = parseReplica(v); err != nil {
			return o, err
		}
	}
	if v := strings.TrimSpace(getenv(EnvReplicas)); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxReplicas {
			return o, fmt.Errorf("%s=%q: allowed: an integer 1..%d, the number of replicas (runs of the plan, merged)", EnvReplicas, v, MaxReplicas)
		}
		if o.Replica.Count != 0 {
			return o, fmt.Errorf("%s=%q and %s=%q: set one: %s runs replica I of K (a workflow leg), %s runs all K here and merges them", EnvReplica, o.Replica, EnvReplicas, v, EnvReplica, EnvReplicas)
		}
		o.Replicas = n
	}
	if o.Resume != "" && (o.Replica.Count != 0 || o.Replicas > 1) {
		return o, fmt.Errorf("%s=%q continues one run; unset %s and %s", EnvResume, o.Resume, EnvReplica, EnvReplicas)
	}
	if o.RequireEmulators, err = envBool(getenv, EnvRequireEmulators, "1, true, 0, false or unset"); err != nil {
		return o, err
	}
	return o, nil
}

// generationWords lists the zlib-ng generations with what each stands for, for error messages.
func generationWords() string {
	var out []string
	for _, g := range matrix.Generations() {
		out = append(out, string(g)+" ("+g.Words()+")")
	}
	return strings.Join(out, ", ")
}

// parseReplica reads EnvReplica: "I/K" as lab bench -replica takes it (matrix.ParseReplica).
func parseReplica(v string) (matrix.Replica, error) {
	r, err := matrix.ParseReplica(v)
	if err != nil {
		return r, fmt.Errorf("%s=%q: allowed: I/K, replica I of K, with 1 <= I <= K <= %d (e.g. 2/3)", EnvReplica, v, MaxReplicas)
	}
	return r, nil
}

// nameList splits a comma-separated variable and checks each name against allowed.
func nameList(getenv func(string) string, key string, allowed []string) ([]string, error) {
	raw := strings.TrimSpace(getenv(key))
	if raw == "" {
		return nil, nil
	}
	var out []string
	for _, f := range strings.Split(raw, ",") {
		f = strings.TrimSpace(f)
		if !slices.Contains(allowed, f) {
			return nil, fmt.Errorf("%s=%q: unknown name %q; allowed: %s (comma-separated)", key, raw, f, strings.Join(allowed, ", "))
		}
		if slices.Contains(out, f) { // as lab bench refuses a name given twice: a typo, not a wish
			return nil, fmt.Errorf("%s=%q: %q given twice", key, raw, f)
		}
		out = append(out, f)
	}
	return out, nil
}

// dopList parses EnvDOPs as lab bench -dops does (runner.ParseDOPs): the same refusals, in its words.
func dopList(raw string) ([]int, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, nil
	}
	dops, err := runner.ParseDOPs(raw)
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), "matrix: ")
		if !strings.Contains(msg, "given twice") { // a value the list does not allow: name the other one
			msg += fmt.Sprintf("; or %s (this machine's processors)", DOPsAuto)
		}
		return nil, fmt.Errorf("%s=%q: %s", EnvDOPs, strings.TrimSpace(raw), msg)
	}
	return dops, nil
}

// rawList is a variable's comma-separated list as given, empty names kept; nil when it is empty.
func rawList(getenv func(string) string, key string) []string {
	raw := strings.TrimSpace(getenv(key))
	if raw == "" {
		return nil
	}
	out := strings.Split(raw, ",")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

// settingsCheck checks a variable's list with lab bench's check of the same flag (runner.Settings), so
// that either door refuses the same input with the same words, after the variable's name.
func settingsCheck(key string, getenv func(string) string, s runner.Settings) error {
	if err := s.Check(); err != nil {
		return fmt.Errorf("%s=%q: %s", key, strings.TrimSpace(getenv(key)), strings.TrimPrefix(err.Error(), "matrix: "))
	}
	return nil
}

// envBool reads a yes/no variable: 1 or true, 0, false or unset (no); anything else is an error naming
// the variable, its value and allowed.
func envBool(getenv func(string) string, key, allowed string) (bool, error) {
	switch v := strings.TrimSpace(getenv(key)); v {
	case "", "0", "false":
		return false, nil
	case "1", "true":
		return true, nil
	default:
		return false, fmt.Errorf("%s=%q: allowed: %s", key, v, allowed)
	}
}

// ResultsDir is the one directory bench and remote write a run into: EnvResults, which must then
// name a single directory.
func (o Options) ResultsDir() (string, error) {
	if o.Results == "" {
		return "", fmt.Errorf("%s=%q names %d directories; a run is written into one (several are for the report target)", EnvResults, strings.Join(o.ReportIn, ","), len(o.ReportIn))
	}
	return o.Results, nil
}

// CheckHere checks the options against this machine (goos/goarch), before anything is built: the
// backends must exist in this platform's hosts. FromEnv accepts every backend of some platform,
// because report and remote take names this machine lacks; bench and matrix cannot.
func (o Options) CheckHere(goos, goarch string) error {
	if goos != runtime.GOOS || goarch != runtime.GOARCH {
		return nil // only this process's own platform can be asked
	}
	if _, err := o.ResultsDir(); err != nil {
		return err
	}
	for i, b := range o.Backends {
		resolved := b
		if b == runner.DefaultBackend {
			resolved = nativemem.Default()
		}
		for _, earlier := range o.Backends[:i] {
			if earlier == resolved || (earlier == runner.DefaultBackend && nativemem.Default() == resolved) {
				return fmt.Errorf("%s=%q: backend %s given twice (%s is %s here)", EnvBackends, strings.Join(o.Backends, ","), resolved, runner.DefaultBackend, nativemem.Default())
			}
		}
		if b == runner.DefaultBackend || slices.Contains(nativemem.Available(), b) {
			continue
		}
		_, err := nativemem.Open(b)
		return fmt.Errorf("%s=%q: %s, or %s (%s here)", EnvBackends, strings.Join(o.Backends, ","),
			strings.TrimPrefix(err.Error(), "nativemem: "), runner.DefaultBackend, nativemem.Default())
	}
	return nil
}
