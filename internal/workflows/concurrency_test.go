package workflows

import (
	"slices"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"

	"github.com/deflatelab/deflatelab/internal/tasks"
)

func parse(t *testing.T, file string) *actionlint.Workflow {
	t.Helper()
	wf, errs := actionlint.Parse([]byte(read(t, file)))
	if len(errs) > 0 {
		t.Fatalf("%s: %v", file, errs[0])
	}
	return wf
}

// TestCIConcurrency plays GitHub's side of ci.yml's triggers: a newer push to a fork's pull request
// cancels the run it supersedes; a push to a branch of this repository is never cancelled, nor left
// pending behind another (a push to main must finish its tests: each push run has a group of its own);
// a pull request from a branch of this repository runs no job (that branch's push run tests the
// commit) and does not cancel the push run; a fork's pull request runs every job and shares no group
// with this repository's branch of the same name.
func TestCIConcurrency(t *testing.T) {
	wf := parse(t, ".github/workflows/ci.yml")
	c := wf.Concurrency
	if c == nil || c.Group == nil || c.CancelInProgress == nil || c.CancelInProgress.Expression == nil {
		t.Fatal("ci.yml: want a workflow-level concurrency group whose cancel-in-progress is an expression: true for pull requests only")
	}
	group := func(ctx map[string]any) string { return interpolate(t, c.Group.Value, ctx) }
	cancels := func(ctx map[string]any) bool {
		return truthy(eval(t, strings.Trim(strings.TrimSpace(c.CancelInProgress.Expression.Value), "${}"), ctx, jobState{}))
	}
	push := githubContext("push", "o/r", "feature", "")
	push2 := githubContext("push", "o/r", "feature", "")
	push2["github"].(map[string]any)["run_id"] = "1002"
	samePR := githubContext("pull_request", "o/r", "feature", "o/r")
	forkPR := githubContext("pull_request", "o/r", "feature", "someone/r")
	forkPR2 := githubContext("pull_request", "o/r", "feature", "someone/r")
	forkPR2["github"].(map[string]any)["run_id"] = "1002"
	otherBranch := githubContext("push", "o/r", "other", "")
	otherBranch["github"].(map[string]any)["run_id"] = "1003" // every run has its own id

	if group(push) == group(push2) || cancels(push) {
		t.Error("two pushes to one branch share a group or cancel: a push run would be cancelled or left pending")
	}
	if group(forkPR) != group(forkPR2) || !cancels(forkPR) {
		t.Error("two pushes to a fork's pull request do not share a cancelling group: the superseded run goes on")
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

// TestMatrixPullRequest plays GitHub's side of matrix.yml's pull-request path: only a pull request that
// carries the label "measure" (and changes the engine, the allocators or a variant) runs the plan,
// hence the legs; it runs the quick profile with one replica; a newer push to it cancels the older
// measurement, while a dispatch is never cancelled; and the comment is posted by matrix-comment.yml,
// from a workflow_run with the only write permission, which never checks out or runs the code.
func TestMatrixPullRequest(t *testing.T) {
	wf := parse(t, ".github/workflows/matrix.yml")
	var pr *actionlint.WebhookEvent
	for _, e := range wf.On {
		if w, ok := e.(*actionlint.WebhookEvent); ok && w.Hook.Value == "pull_request" {
			pr = w
		}
	}
	if pr == nil {
		t.Fatal("matrix.yml has no pull_request trigger")
	}
	var paths []string
	if pr.Paths != nil {
		for _, p := range pr.Paths.Values {
			paths = append(paths, p.Value)
		}
	}
	for _, want := range []string{"deflate/**", "nativemem/**", "variants/**"} {
		if !slices.Contains(paths, want) {
			t.Errorf("matrix.yml: the pull_request trigger's paths %q lack %s", paths, want)
		}
	}
	withLabels := func(labels ...string) map[string]any {
		ctx := githubContext("pull_request", "o/r", "feature", "someone/r")
		var ls []any
		for _, l := range labels {
			ls = append(ls, map[string]any{"name": l})
		}
		pull := ctx["github"].(map[string]any)["event"].(map[string]any)["pull_request"].(map[string]any)
		pull["labels"], pull["number"] = ls, "7"
		return ctx
	}
	plan := wf.Jobs["plan"]
	cond := ""
	if plan.If != nil {
		cond = plan.If.Value
	}
	dispatch := githubContext("workflow_dispatch", "o/r", "main", "")
	if !condition(t, cond, withLabels("measure"), jobState{}) || !condition(t, cond, withLabels("bug", "measure"), jobState{}) || !condition(t, cond, dispatch, jobState{}) {
		t.Errorf("plan (if: %q) does not run for a dispatch and a labelled pull request", cond)
	}
	if condition(t, cond, withLabels(), jobState{}) || condition(t, cond, withLabels("bug"), jobState{}) {
		t.Errorf("plan (if: %q) runs for a pull request without the measure label", cond)
	}
	for _, id := range []string{"measure", "report"} {
		if !slices.ContainsFunc(wf.Jobs[id].Needs, func(n *actionlint.String) bool { return n.Value == "plan" }) {
			t.Errorf("job %s does not need plan: it would run for an unlabelled pull request", id)
		}
	}
	env := jobEnv(t, wf, "measure")
	prCtx := withLabels("measure")
	if p := interpolate(t, env[tasks.EnvProfile], prCtx); p != "quick" {
		t.Errorf("a pull request runs profile %q, want quick", p)
	}
	if r := interpolate(t, jobEnv(t, wf, "plan")[tasks.EnvReplicas], prCtx); r != "1" {
		t.Errorf("a pull request runs %q replicas, want 1", r)
	}
	c := wf.Concurrency
	cancels := func(ctx map[string]any) bool {
		return truthy(eval(t, strings.Trim(strings.TrimSpace(c.CancelInProgress.Expression.Value), "${}"), ctx, jobState{}))
	}
	again := withLabels("measure")
	again["github"].(map[string]any)["run_id"] = "1002"
	if interpolate(t, c.Group.Value, prCtx) != interpolate(t, c.Group.Value, again) || !cancels(prCtx) || cancels(dispatch) {
		t.Error("matrix.yml: two runs of one pull request do not share a cancelling group, or a dispatch cancels")
	}

	cw := parse(t, ".github/workflows/matrix-comment.yml")
	var run *actionlint.WebhookEvent
	for _, e := range cw.On {
		if r, ok := e.(*actionlint.WebhookEvent); ok && r.Hook.Value == "workflow_run" {
			run = r
		}
	}
	if run == nil || len(run.Workflows) != 1 || run.Workflows[0].Value != wf.Name.Value {
		t.Fatalf("matrix-comment.yml must run on workflow_run of %q", wf.Name.Value)
	}
	if cw.Permissions == nil || cw.Permissions.All == nil && len(cw.Permissions.Scopes) > 0 {
		t.Error("matrix-comment.yml: the workflow's permissions must be none, the job naming what it needs")
	}
	for id, job := range cw.Jobs {
		for _, st := range job.Steps {
			if a, ok := st.Exec.(*actionlint.ExecAction); ok && strings.HasPrefix(a.Uses.Value, "actions/checkout@") {
				t.Errorf("matrix-comment.yml job %s checks out code: it must never run the pull request's", id)
			}
			if r, ok := st.Exec.(*actionlint.ExecRun); ok && strings.Contains(r.Run.Value, "${{") {
				t.Errorf("matrix-comment.yml job %s interpolates an expression into a run: line; pass it through env:", id)
			}
		}
	}
	if wf.Permissions == nil || wf.Permissions.Scopes["contents"] == nil || len(wf.Permissions.Scopes) != 1 {
		t.Error("matrix.yml, which runs a fork's code on a pull request, must read the contents only")
	}
}
