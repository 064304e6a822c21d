package workflows

import (
	"slices"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"

	"github.com/deflatelab/deflatelab/internal/tasks"
)

// TestDispatchInputs checks the round trip of an option through GitHub: the inputs "mage remote"
// sends are exactly the workflow's workflow_dispatch inputs, each reaches the measuring job as the
// DEFLATELAB_* variable the targets read, and every choice the workflow offers passes the targets'
// validation.
func TestDispatchInputs(t *testing.T) {
	wf, errs := actionlint.Parse([]byte(read(t, ".github/workflows/matrix.yml")))
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	var dispatch *actionlint.WorkflowDispatchEvent
	for _, e := range wf.On {
		if d, ok := e.(*actionlint.WorkflowDispatchEvent); ok {
			dispatch = d
		}
	}
	if dispatch == nil {
		t.Fatal("matrix.yml has no workflow_dispatch trigger")
	}
	var workflowInputs, sent []string
	for name := range dispatch.Inputs {
		workflowInputs = append(workflowInputs, name)
	}
	for _, in := range (tasks.Options{}).WorkflowInputs() {
		sent = append(sent, in.Name)
	}
	slices.Sort(workflowInputs)
	slices.Sort(sent)
	if !slices.Equal(workflowInputs, sent) {
		t.Errorf("workflow_dispatch inputs %q, but mage remote sends %q", workflowInputs, sent)
	}

	measure := wf.Jobs["measure"]
	if measure == nil || measure.Env == nil {
		t.Fatal(`matrix.yml: job "measure" with an env: block not found`)
	}
	for _, name := range workflowInputs {
		want := "DEFLATELAB_" + strings.ToUpper(name)
		var got *actionlint.EnvVar
		for _, v := range measure.Env.Vars {
			if v.Name.Value == want {
				got = v
			}
		}
		if got == nil || !strings.Contains(got.Value.Value, "inputs."+name) {
			t.Errorf("job measure: input %q does not reach %s through env:", name, want)
		}
	}

	profile := dispatch.Inputs["profile"]
	if profile == nil || len(profile.Options) == 0 {
		t.Fatal(`matrix.yml: input "profile" should be a choice`)
	}
	for _, opt := range profile.Options {
		env := map[string]string{tasks.EnvProfile: opt.Value}
		if _, err := tasks.FromEnv(func(k string) string { return env[k] }); err != nil {
			t.Errorf("the workflow offers profile %q, which the targets reject: %v", opt.Value, err)
		}
	}
}

// TestMeasureSkipsAbsentBackends: the measure job sends one backend list to every platform, so its
// env must let each platform run the backends it has (privateheap,pages: pages alone on Linux)
// instead of failing at the bench.
func TestMeasureSkipsAbsentBackends(t *testing.T) {
	measure := parse(t, ".github/workflows/matrix.yml").Jobs["measure"]
	env := map[string]string{tasks.EnvBackends: "privateheap,pages"}
	for _, v := range measure.Env.Vars {
		if !strings.Contains(v.Value.Value, "${{") {
			env[v.Name.Value] = v.Value.Value
		}
	}
	o, err := tasks.FromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if !o.SkipAbsentBackends {
		t.Errorf("matrix.yml, job measure: %s is not skip, so a backend one platform lacks fails that platform's bench", tasks.EnvAbsentBackends)
	}
}
