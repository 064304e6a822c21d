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

	for _, job := range []string{"plan", "measure", "report"} {
		env := jobEnv(t, wf, job)
		for _, name := range workflowInputs {
			want := "DEFLATELAB_" + strings.ToUpper(name)
			v, ok := env[want]
			if job == "measure" && name == "replicas" { // a leg is one replica: DEFLATELAB_REPLICA
				if ok && v != "" {
					t.Errorf("job measure: %s=%q beside DEFLATELAB_REPLICA, which the targets refuse", want, v)
				}
				continue
			}
			if job == "report" && name == "platforms" { // the plan's list, every platform when the input is empty
				if !strings.Contains(v, "needs.plan.outputs.platforms") {
					t.Errorf("job report: %s=%q, want the plan job's platforms", want, v)
				}
				continue
			}
			if !strings.Contains(v, "inputs."+name) {
				t.Errorf("job %s: input %q does not reach %s through env: (have %q)", job, name, want, v)
			}
		}
	}
	if v := jobEnv(t, wf, "measure")[tasks.EnvReplica]; !strings.Contains(v, "matrix.replica") {
		t.Errorf("job measure: %s=%q, want each leg's replica from the plan (matrix.replica)", tasks.EnvReplica, v)
	}

	for _, name := range workflowInputs {
		in := dispatch.Inputs[name]
		values := []string{}
		for _, opt := range in.Options {
			values = append(values, opt.Value)
		}
		if in.Default != nil {
			values = append(values, in.Default.Value)
		}
		for _, v := range values {
			env := map[string]string{"DEFLATELAB_" + strings.ToUpper(name): v}
			if _, err := tasks.FromEnv(func(k string) string { return env[k] }); err != nil {
				t.Errorf("the workflow offers %s %q, which the targets reject: %v", name, v, err)
			}
		}
	}
	if p := dispatch.Inputs["profile"]; p == nil || len(p.Options) == 0 {
		t.Error(`matrix.yml: input "profile" should be a choice`)
	}
}

// jobEnv is the env a job's steps see: the workflow's, then the job's over it (values as written).
func jobEnv(t *testing.T, wf *actionlint.Workflow, job string) map[string]string {
	t.Helper()
	j := wf.Jobs[job]
	if j == nil {
		t.Fatalf("matrix.yml: job %q not found", job)
	}
	env := map[string]string{}
	for _, e := range []*actionlint.Env{wf.Env, j.Env} {
		if e == nil {
			continue
		}
		for _, v := range e.Vars {
			env[v.Name.Value] = v.Value.Value
		}
	}
	return env
}

// TestMeasureSkipsAbsentBackends: the measure job sends one backend list to every platform, so its
// env must let each platform run the backends it has (privateheap,pages: pages alone on Linux)
// instead of failing at the bench.
func TestMeasureSkipsAbsentBackends(t *testing.T) {
	env := map[string]string{tasks.EnvBackends: "privateheap,pages"}
	for k, v := range jobEnv(t, parse(t, ".github/workflows/matrix.yml"), "measure") {
		if !strings.Contains(v, "${{") {
			env[k] = v
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
