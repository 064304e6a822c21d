package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// Runners are the GitHub-hosted runner labels of the matrix workflow's platforms, in Platforms' order.
// A private repository is refused the arm64 labels: their legs never start, and the report names the
// platforms without results (DEFLATELAB_PLATFORMS, DEFLATELAB_MISSING).
var Runners = map[string]string{
	"windows/amd64": "windows-2025",
	"windows/arm64": "windows-11-arm",
	"linux/amd64":   "ubuntu-24.04",
	"linux/arm64":   "ubuntu-24.04-arm",
}

// DefaultWorkflowReplicas is the number of legs per platform the workflow runs unless told otherwise:
// three runner instances, so that a verdict must hold on more than one (docs/METHOD.md).
const DefaultWorkflowReplicas = 3

// Leg is one measure job of the matrix workflow: one replica of the plan on one platform's runner.
type Leg struct {
	Platform string `json:"platform"` // goos-goarch, for names: linux-amd64
	Runner   string `json:"runner"`   // the runs-on label
	Replica  string `json:"replica"`  // I/K for DEFLATELAB_REPLICA; "" when the plan has one replica
	Name     string `json:"name"`     // unique per leg, for job and artifact names: linux-amd64 or linux-amd64-r2of3
	Validate bool   `json:"validate"` // the leg that runs the validation suites: the first of its platform
}

// WorkflowPlan is the matrix workflow's first job (the plan target): the inputs, already checked by
// FromEnviron, become the measure legs - every planned platform times o.Replicas (DefaultWorkflowReplicas
// when unset) - written as the step outputs "legs" (JSON, for the measure job's matrix) and "platforms"
// (comma-separated goos/goarch, for the report job) to the file outputs names ($GITHUB_OUTPUT), and
// described on w. Nothing is built: a bad input fails here, once, before any leg starts.
func WorkflowPlan(w io.Writer, o Options, outputs string) ([]Leg, error) {
	if o.Resume != "" || o.Replica.Count != 0 {
		return nil, usage(fmt.Errorf("plan: %s and %s are for one machine's run; the workflow plans its own legs", EnvResume, EnvReplica))
	}
	k := o.Replicas
	if k == 0 {
		k = DefaultWorkflowReplicas
	}
	var legs []Leg
	for _, p := range o.planned() {
		dash := strings.ReplaceAll(p, "/", "-")
		for i := 1; i <= k; i++ {
			l := Leg{Platform: dash, Runner: Runners[p], Name: dash, Validate: i == 1}
			if k > 1 {
				l.Replica = fmt.Sprintf("%d/%d", i, k)
				l.Name = fmt.Sprintf("%s-r%dof%d", dash, i, k)
			}
			legs = append(legs, l)
		}
	}
	js, err := json.Marshal(legs)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "plan: profile %s, %d replica(s) per platform, %d legs: %s\n", o.Profile, k, len(legs), strings.Join(o.planned(), ", "))
	if outputs != "" {
		f, err := os.OpenFile(outputs, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, err
		}
		_, err = fmt.Fprintf(f, "legs=%s\nplatforms=%s\nreplicas=%d\n", js, strings.Join(o.planned(), ","), k)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, fmt.Errorf("plan: writing the step outputs: %w", err)
		}
	}
	return legs, nil
}

// planned is EnvPlatforms, or every platform.
func (o Options) planned() []string {
	if o.Platforms != nil {
		return o.Platforms
	}
	return Platforms
}

// replicaGroup is the results folders of one platform's replicas, to merge.
type replicaGroup struct {
	platform string
	dirs     []string
}

// groupReplicas sorts results folders into the replicas of each platform (run.json's replica count
// above one) and the others. Folders whose run.json cannot be read are others: the report names why.
func groupReplicas(dirs []string) (groups []replicaGroup, others []string) {
	index := map[string]int{}
	for _, d := range dirs {
		m, err := resultsdir.ReadManifest(d)
		if err != nil || m.Replica == nil || m.Replica.Count < 2 {
			others = append(others, d)
			continue
		}
		key := m.Plan.Platform
		i, ok := index[key]
		if !ok {
			i = len(groups)
			index[key] = i
			groups = append(groups, replicaGroup{platform: key})
		}
		groups[i].dirs = append(groups[i].dirs, d)
	}
	return groups, others
}

// mergeReplicas merges each platform's replica folders (lab merge) into a folder of its own under
// mergedRoot and returns the folders to report: each merged folder, and every other folder as it was.
// A platform whose legs cannot be merged (lab merge refuses: another plan, commit or build) is
// reported from its legs as they are, which the report treats alike, and named in the returned error
// after everything else is done.
func mergeReplicas(ctx context.Context, s Streams, dirs []string, mergedRoot string, merge MergeFunc) ([]string, error) {
	groups, out := groupReplicas(dirs)
	var errs []error
	for _, g := range groups {
		if len(g.dirs) < 2 || merge == nil {
			out = append(out, g.dirs...)
			continue
		}
		dst := filepath.Join(mergedRoot, strings.ReplaceAll(g.platform, "/", "-"))
		fmt.Fprintf(s.Stderr, "report: merging %s into %s\n", strings.Join(g.dirs, ", "), dst)
		if err := merge(ctx, resultsdir.MergeOptions{Out: dst, Inputs: g.dirs}, io.Discard, s.Stderr); err != nil {
			// %v, not %w: lab merge's refusal is a finding about the legs, not a usage error of this target (exit 1, not 2)
			errs = append(errs, fmt.Errorf("report: %s: its %d replicas could not be merged, reported as they are: %v", g.platform, len(g.dirs), err))
			out = append(out, g.dirs...)
			continue
		}
		out = append(out, dst)
	}
	slices.Sort(out)
	return out, errors.Join(errs...)
}
