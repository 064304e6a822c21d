package tasks

import (
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/runner"
)

// Every row of runner.PlanSettings with a variable is read here: its variable is known, its first
// value reaches lab bench's options, and a plan setting's variable is refused beside a resume. The rows
// Options has no field for (planSettings) are that whole of a setting on this side.
func TestPlanSettings(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	rows := 0
	for _, s := range runner.PlanSettings {
		if s.Env == "" {
			continue
		}
		rows++
		if !slices.Contains(Variables(), s.Env) {
			t.Errorf("-%s: %s is not in Variables", s.Name, s.Env)
		}
		vars := []string{s.Env, " " + s.Values[0] + " "}
		if s.Name == "retry-failed" { // retakes a run's failed samples: only beside a resume
			vars = append(vars, EnvResume, "results/r")
		}
		o, err := FromEnv(env(vars...))
		if got, ok := s.Get(o.BenchOptions("out")); err != nil || !ok || got != s.Values[0] {
			t.Errorf("%s=%s: lab bench -%s %q (given %v), %v; want %q", s.Env, s.Values[0], s.Name, got, ok, err, s.Values[0])
		}
		if s.Run {
			continue
		}
		if _, err := FromEnv(env(s.Env, s.Values[0], EnvResume, "results/r")); err == nil || !strings.Contains(err.Error(), s.Env) {
			t.Errorf("%s beside %s: %v, want it refused", s.Env, EnvResume, err)
		}
	}
	if rows < 10 {
		t.Errorf("%d rows of runner.PlanSettings have a variable, want the ten the targets read at least", rows)
	}
	for _, s := range planSettings {
		if !slices.Contains(planVars, s.Env) {
			t.Errorf("%s: not in planVars", s.Env)
		}
	}
	if _, err := FromEnv(env(EnvPairing, "both")); err == nil || err.Error() != EnvPairing+`="both": allowed: alternating or duet` {
		t.Errorf("%s=both: %v", EnvPairing, err)
	}
	if o, _ := FromEnv(env()); o.Settings != nil || o.BenchOptions("out").Pairing != "" {
		t.Errorf("nothing set: %+v", o.Settings)
	}
}
