package tasks

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/host"
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
)

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
// does not have, naming the available ones - plus matrix.DefaultBackend.
func profiles() []string     { return matrix.ProfileNames() }
func variantNames() []string { return matrix.CandidateNames() }
func workloads() []string    { return workload.Names() }
func backends() []string     { return append([]string{matrix.DefaultBackend}, nativemem.Names()...) }

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
	GitHubActions      bool   // GITHUB_ACTIONS=true: notices are also workflow commands (::notice::)
	Reports            string // where reports go (EnvReports); "" = LocalReports
	Resume             string // the run directory bench continues instead of starting a new one (EnvResume)
	RetryFailed        bool   // with Resume: take its failed samples again (EnvRetryFailed, lab bench -retry-failed)
	// Adaptive (EnvAdaptive) turns adaptive rounds on or off; nil leaves the profile's choice.
	Adaptive *bool
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
	if o.Variants, err = nameList(getenv, EnvVariants, variantNames()); err != nil {
		return o, err
	}
	if o.Variants != nil && !slices.Contains(o.Variants, matrix.Control) {
		return o, fmt.Errorf("%s=%q: no %s; every candidate is measured against %s, so the list needs it", EnvVariants, strings.Join(o.Variants, ","), matrix.Control, matrix.Control)
	}
	if o.Workloads, err = nameList(getenv, EnvWorkloads, workloads()); err != nil {
		return o, err
	}
	if o.Backends, err = nameList(getenv, EnvBackends, backends()); err != nil {
		return o, err
	}
	if o.DOPs, err = dopList(getenv(EnvDOPs)); err != nil {
		return o, err
	}
	if v := strings.TrimSpace(getenv(EnvResults)); v != "" {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p == "" {
				return o, fmt.Errorf("%s=%q: an empty directory name; allowed: one directory, or several comma-separated for the report", EnvResults, v)
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
	o.Reports = strings.TrimSpace(getenv(EnvReports))
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
	switch v := strings.TrimSpace(getenv(EnvRequireEmulators)); v {
	case "", "0", "false":
	case "1", "true":
		o.RequireEmulators = true
	default:
		return o, fmt.Errorf("%s=%q: allowed: 1, true, 0, false or unset", EnvRequireEmulators, v)
	}
	return o, nil
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
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out, nil
}

// dopList parses EnvDOPs: comma-separated integers, each 1..host.MaxDOP.
func dopList(raw string) ([]int, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(raw, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > host.MaxDOP {
			return nil, fmt.Errorf("%s=%q: %q is not a degree of parallelism; allowed: integers 1..%d, comma-separated (e.g. 1,4,8,12)", EnvDOPs, raw, strings.TrimSpace(f), host.MaxDOP)
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
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
		if b == matrix.DefaultBackend {
			resolved = nativemem.Default()
		}
		for _, earlier := range o.Backends[:i] {
			if earlier == resolved || (earlier == matrix.DefaultBackend && nativemem.Default() == resolved) {
				return fmt.Errorf("%s=%q: backend %s given twice (%s is %s here)", EnvBackends, strings.Join(o.Backends, ","), resolved, matrix.DefaultBackend, nativemem.Default())
			}
		}
		if b == matrix.DefaultBackend || slices.Contains(nativemem.Available(), b) {
			continue
		}
		_, err := nativemem.Open(b)
		return fmt.Errorf("%s=%q: %s, or %s (%s here)", EnvBackends, strings.Join(o.Backends, ","),
			strings.TrimPrefix(err.Error(), "nativemem: "), matrix.DefaultBackend, nativemem.Default())
	}
	return nil
}
