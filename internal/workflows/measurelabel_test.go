package workflows

import (
	"strings"
	"testing"
)

// TestMeasureLabelOnly plays matrix.yml's label events: adding "measure" measures the pull request, and
// so does a push to a pull request that carries it; adding any other label to a pull request that
// carries "measure" measures nothing and, in a concurrency group of its own, cancels nothing (issue 47
// item 5: it started a new four-platform run and cancelled the running one).
func TestMeasureLabelOnly(t *testing.T) {
	wf := parse(t, ".github/workflows/matrix.yml")
	event := func(action, added string) map[string]any {
		ctx := githubContext("pull_request", "o/r", "feature", "someone/r")
		e := ctx["github"].(map[string]any)["event"].(map[string]any)
		e["action"] = action
		if added != "" {
			e["label"] = map[string]any{"name": added}
		}
		pull := e["pull_request"].(map[string]any)
		pull["labels"], pull["number"] = []any{map[string]any{"name": "measure"}, map[string]any{"name": "bug"}}, "7"
		return ctx
	}
	cond := ""
	if wf.Jobs["plan"].If != nil {
		cond = wf.Jobs["plan"].If.Value
	}
	c := wf.Concurrency
	cancels := func(ctx map[string]any) bool {
		return truthy(eval(t, strings.Trim(strings.TrimSpace(c.CancelInProgress.Expression.Value), "${}"), ctx, jobState{}))
	}
	measuring := event("synchronize", "")
	group := interpolate(t, c.Group.Value, measuring)
	for _, tt := range []struct {
		action, added string
		measures      bool
	}{
		{"synchronize", "", true},
		{"opened", "", true},
		{"labeled", "measure", true},
		{"labeled", "bug", false},
		{"labeled", "documentation", false},
	} {
		ctx := event(tt.action, tt.added)
		ctx["github"].(map[string]any)["run_id"] = "2002"
		if got := condition(t, cond, ctx, jobState{}); got != tt.measures {
			t.Errorf("%s %q on a pull request labelled measure: plan runs %v, want %v (if: %s)", tt.action, tt.added, got, tt.measures, cond)
		}
		// A run that measures shares the pull request's group (a newer one replaces the older); one that
		// does not is alone in its group, so that cancel-in-progress cancels no measurement.
		same := interpolate(t, c.Group.Value, ctx) == group
		if same != tt.measures || tt.measures && !cancels(ctx) {
			t.Errorf("%s %q: group %q (the measuring run's %q), cancel-in-progress %v; want the same group and a cancel only when it measures",
				tt.action, tt.added, interpolate(t, c.Group.Value, ctx), group, cancels(ctx))
		}
	}
}
