package tasks

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/host"
	"github.com/deflatelab/deflatelab/matrix/runner"
	"github.com/deflatelab/deflatelab/nativemem"
)

// ErrNoBackendHere is returned by Here when SkipAbsentBackends dropped every backend: this platform
// has nothing to measure. The bench target then succeeds without a run; the matrix target fails.
var ErrNoBackendHere = fmt.Errorf("none of the backends %s names exists on this platform", EnvBackends)

// Here returns the options for a bench on this machine (goos/goarch) and checks them (CheckHere,
// and that a run to resume is a run directory).
// With SkipAbsentBackends, the backends this platform lacks are dropped first, and each dropped one
// is named in a notice on w, so that one backend list can go to every platform of the GitHub
// workflow: a name no platform has was already refused by FromEnv. With every backend dropped it
// returns ErrNoBackendHere after its notice.
func (o Options) Here(w io.Writer, goos, goarch string) (Options, error) {
	if o.Resume != "" {
		if err := o.checkResume(); err != nil {
			return o, usage(err)
		}
	}
	if o.SkipAbsentBackends && o.Backends != nil {
		have := nativemem.Available()
		var kept, lacked []string
		for _, b := range o.Backends {
			if b == runner.DefaultBackend || slices.Contains(have, b) {
				kept = append(kept, b)
			} else {
				lacked = append(lacked, b)
			}
		}
		if len(lacked) > 0 {
			msg := fmt.Sprintf("%s/%s has no backend %s (it has %s); ", goos, goarch, strings.Join(lacked, ", "), strings.Join(have, ", "))
			if kept == nil {
				msg += "nothing to measure here"
			} else {
				msg += "measuring " + strings.Join(kept, ", ")
			}
			o.notice(w, "backends", msg)
		}
		if kept == nil {
			return o, usage(fmt.Errorf("%s=%q on %s/%s: %w", EnvBackends, strings.Join(o.Backends, ","), goos, goarch, ErrNoBackendHere))
		}
		o.Backends = kept
	}
	if o.AutoDOPs {
		dops, err := autoDOPs(o.Profile, runtime.NumCPU())
		if err != nil {
			return o, usage(err)
		}
		o.DOPs, o.AutoDOPs = dops, false
		o.notice(w, "DOPs", fmt.Sprintf("%s=%s: DOP %s on %s/%s's %d processors (name DOPs to run others, e.g. the seeds' 8 and 12)",
			EnvDOPs, DOPsAuto, joinInts(dops), goos, goarch, runtime.NumCPU()))
	}
	return o, usage(o.CheckHere(goos, goarch))
}

// autoDOPs are DOPsAuto's DOPs for profile on a machine with procs processors: the profile's DOPs up
// to procs, and procs itself, in order.
func autoDOPs(profile string, procs int) ([]int, error) {
	p, err := runner.ProfileByName(profile)
	if err != nil {
		return nil, err
	}
	procs = min(max(procs, 1), host.MaxDOP)
	var out []int
	for _, d := range p.Plan.DOPs {
		if d <= procs {
			out = append(out, d)
		}
	}
	if !slices.Contains(out, procs) {
		out = append(out, procs)
	}
	slices.Sort(out)
	return out, nil
}

// joinInts is "1,4,8".
func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// warn prints a warning; under GitHub Actions also as a workflow command (::warning::).
func (o Options) warn(w io.Writer, title, msg string) {
	fmt.Fprintf(w, "WARNING: %s\n", msg)
	if o.GitHubActions {
		fmt.Fprintf(w, "::warning title=%s::%s\n", title, msg)
	}
}

// notice prints a line a reader must not miss; under GitHub Actions also as a workflow command, so
// that it shows on the run's summary page.
func (o Options) notice(w io.Writer, title, msg string) {
	fmt.Fprintf(w, "NOTICE: %s\n", msg)
	if o.GitHubActions {
		fmt.Fprintf(w, "::notice title=%s::%s\n", title, msg)
	}
}
