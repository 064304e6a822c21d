package tasks

import (
	"fmt"
	"strings"

	"github.com/deflatelab/deflatelab/internal/remote"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// planSettings are the plan settings the targets read from DEFLATELAB_* variables and pass to lab
// bench: runner.PlanSettings, whose rows are all of them on this side. A row's variable (settingEnv) is
// known (Variables), checked (FromEnv), refused beside EnvResume (a resumed run keeps its plan), given
// to the bench (Options.BenchOptions) and, with Input, sent by "mage remote" as the matrix workflow's
// input named as the variable after DEFLATELAB_, in lower case (WorkflowInputs), which the workflow
// passes back as the variable. Settings that other targets read as well (adaptive and zlibng, in the
// report's summary) keep fields of their own in Options.
var planSettings = runner.PlanSettings

// settingEnv is s's variable: DEFLATELAB_ and its flag's name in upper case, '_' for '-'
// (-pairing: EnvPairing).
func settingEnv(s runner.PlanSetting) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(s.Name, "-", "_"))
}

// settingVars are planSettings' variables.
func settingVars() []string {
	var vars []string
	for _, s := range planSettings {
		vars = append(vars, settingEnv(s))
	}
	return vars
}

// readSettings checks planSettings' variables through getenv and returns those set, trimmed, by
// variable; nil when none is.
func readSettings(getenv func(string) string) (map[string]string, error) {
	var set map[string]string
	for _, s := range planSettings {
		env := settingEnv(s)
		v := strings.TrimSpace(getenv(env))
		if v == "" {
			continue
		}
		if err := s.Set(&runner.BenchOptions{}, v); err != nil {
			return nil, fmt.Errorf("%s=%q: %w", env, v, err)
		}
		if set == nil {
			set = map[string]string{}
		}
		set[env] = v
	}
	return set, nil
}

// applySettings puts the settings o holds into b.
func (o Options) applySettings(b *runner.BenchOptions) {
	for _, s := range planSettings {
		if v, ok := o.Settings[settingEnv(s)]; ok {
			s.Set(b, v) // checked by readSettings
		}
	}
}

// settingInputs are the workflow inputs of planSettings with Input, with o's values ("" when unset:
// the workflow's default).
func (o Options) settingInputs() []remote.Input {
	var ins []remote.Input
	for _, s := range planSettings {
		if s.Input {
			env := settingEnv(s)
			ins = append(ins, remote.Input{Name: strings.ToLower(strings.TrimPrefix(env, envPrefix)), Value: o.Settings[env]})
		}
	}
	return ins
}
