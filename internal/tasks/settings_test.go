package tasks

import (
	"strings"
	"testing"
)

// A row of planSettings is the whole of a plan setting here: its variable is known, checked, refused
// beside a resume, and reaches lab bench's options.
func TestPlanSettings(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, s := range planSettings {
		if env := settingEnv(s); !strings.Contains(strings.Join(Variables(), " "), env) || !strings.Contains(strings.Join(planVars, " "), env) {
			t.Errorf("%s: not in Variables or planVars", env)
		}
	}
	if got := settingEnv(planSettings[0]); got != EnvPairing {
		t.Errorf("-pairing's variable is %s, want %s", got, EnvPairing)
	}
	o, err := FromEnv(env(EnvPairing, " duet "))
	if err != nil || o.BenchOptions("out").Pairing != "duet" {
		t.Errorf("%s=duet: %+v, %v; want lab bench -pairing duet", EnvPairing, o.BenchOptions("out"), err)
	}
	if _, err := FromEnv(env(EnvPairing, "both")); err == nil || err.Error() != EnvPairing+`="both": allowed: alternating or duet` {
		t.Errorf("%s=both: %v", EnvPairing, err)
	}
	if _, err := FromEnv(env(EnvPairing, "duet", EnvResume, "results/r")); err == nil || !strings.Contains(err.Error(), "unset "+EnvPairing) {
		t.Errorf("%s beside %s: %v, want it refused", EnvPairing, EnvResume, err)
	}
	if o, _ := FromEnv(env()); o.Settings != nil || o.BenchOptions("out").Pairing != "" {
		t.Errorf("nothing set: %+v", o.Settings)
	}
}
