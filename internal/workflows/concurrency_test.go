package workflows

import (
	"testing"

	"github.com/rhysd/actionlint"
)

func parse(t *testing.T, file string) *actionlint.Workflow {
	t.Helper()
	wf, errs := actionlint.Parse([]byte(read(t, file)))
	if len(errs) > 0 {
		t.Fatalf("%s: %v", file, errs[0])
	}
	return wf
}

// TestCIConcurrency plays GitHub's side of ci.yml's triggers: a newer push to a branch cancels the
// run it supersedes; a pull request from a branch of this repository runs no job (that branch's push
// run tests the commit) and does not cancel the push run; a fork's pull request runs every job and
// shares no group with this repository's branch of the same name.
func TestCIConcurrency(t *testing.T) {
	wf := parse(t, ".github/workflows/ci.yml")
	c := wf.Concurrency
	if c == nil || c.Group == nil || c.CancelInProgress == nil || !c.CancelInProgress.Value {
		t.Fatal("ci.yml: want a workflow-level concurrency group with cancel-in-progress: true, so superseded runs stop")
	}
	group := func(ctx map[string]any) string { return interpolate(t, c.Group.Value, ctx) }
	push := githubContext("push", "o/r", "feature", "")
	samePR := githubContext("pull_request", "o/r", "feature", "o/r")
	forkPR := githubContext("pull_request", "o/r", "feature", "someone/r")
	otherBranch := githubContext("push", "o/r", "other", "")

	if group(push) != group(githubContext("push", "o/r", "feature", "")) {
		t.Error("two pushes to one branch are in different groups: the older run is not cancelled")
	}
	for _, tt := range []struct {
		name string
		ctx  map[string]any
	}{{"a same-repo pull request", samePR}, {"a fork's pull request", forkPR}, {"a push to another branch", otherBranch}} {
		if group(tt.ctx) == group(push) {
			t.Errorf("%s shares the push run's group %q: it would cancel it", tt.name, group(push))
		}
	}
	if group(samePR) == group(forkPR) {
		t.Errorf("a fork's pull request shares the group %q of this repository's branch of the same name", group(forkPR))
	}

	for id, job := range wf.Jobs {
		cond := ""
		if job.If != nil {
			cond = job.If.Value
		}
		if !condition(t, cond, push, jobState{}) || !condition(t, cond, forkPR, jobState{}) {
			t.Errorf("job %s does not run on a push and on a fork's pull request (if: %q)", id, cond)
		}
		if condition(t, cond, samePR, jobState{}) {
			t.Errorf("job %s runs on a same-repo pull request too: the branch's push run already tests it (if: %q)", id, cond)
		}
	}
}

// TestMatrixNeverCancelsDispatch: a concurrency group holds one pending run and GitHub cancels the
// older pending one when another arrives (cancel-in-progress: false does not prevent it), so a third
// dispatch would cancel the second and "mage remote" would end "did not succeed". Either no group, or
// one per run.
func TestMatrixNeverCancelsDispatch(t *testing.T) {
	wf := parse(t, ".github/workflows/matrix.yml")
	check := func(where string, c *actionlint.Concurrency) {
		if c == nil {
			return
		}
		a, b := githubContext("workflow_dispatch", "o/r", "main", ""), githubContext("workflow_dispatch", "o/r", "main", "")
		b["github"].(map[string]any)["run_id"] = "1002"
		if c.Group == nil || interpolate(t, c.Group.Value, a) == interpolate(t, c.Group.Value, b) {
			t.Errorf("matrix.yml %s: two dispatches on one branch share a concurrency group, so a third would cancel a pending one", where)
		}
	}
	check("(workflow)", wf.Concurrency)
	for id, job := range wf.Jobs {
		check("job "+id, job.Concurrency)
	}
}
