package tasks

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/internal/remote"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// ownSettings are the variables of runner.PlanSettings that Options keeps in fields of its own, read
// by FromEnv with checks of their own: other targets read them too (remote sends them, the report's
// summary names adaptive and zlibng, the workflow plans replicas), or they mean more here than the
// flag (EnvDOPs=auto, EnvRetryFailed beside EnvResume).
var ownSettings = []string{EnvProfile, EnvVariants, EnvWorkloads, EnvDOPs, EnvBackends, EnvAdaptive, EnvZlibNG, EnvReplica, EnvRetryFailed}

// planSettings are the other rows of runner.PlanSettings with a variable: each row alone makes its
// variable known (Variables), checked (FromEnv), refused beside EnvResume (a resumed run keeps its
// plan), given to the bench (Options.BenchOptions) and, with Input, sent by "mage remote" as that
// workflow input (WorkflowInputs), which the workflow passes back as the variable.
var planSettings = func() []runner.PlanSetting {
	var rows []runner.PlanSetting
	for _, s := range runner.PlanSettings {
		if s.Env != "" && !slices.Contains(ownSettings, s.Env) {
			rows = append(rows, s)
		}
	}
	return rows
}()

// settingVars are planSettings' variables.
func settingVars() []string {
	var vars []string
	for _, s := range planSettings {
		vars = append(vars, s.Env)
	}
	return vars
}

// readSettings checks planSettings' variables through getenv and returns those set, trimmed, by
// variable; nil when none is.
func readSettings(getenv func(string) string) (map[string]string, error) {
	var set map[string]string
	for _, s := range planSettings {
		v := strings.TrimSpace(getenv(s.Env))
		if v == "" {
			continue
		}
		if err := s.Set(&runner.BenchOptions{}, v); err != nil {
			return nil, fmt.Errorf("%s=%q: %w", s.Env, v, err)
		}
		if set == nil {
			set = map[string]string{}
		}
		set[s.Env] = v
	}
	return set, nil
}

// applySettings puts the settings o holds into b.
func (o Options) applySettings(b *runner.BenchOptions) {
	for _, s := range planSettings {
		if v, ok := o.Settings[s.Env]; ok {
			s.Set(b, v) // checked by readSettings
		}
	}
}

// settingInputs are the workflow inputs of planSettings with Input, with o's values ("" when unset:
// the workflow's default).
func (o Options) settingInputs() []remote.Input {
	var ins []remote.Input
	for _, s := range planSettings {
		if s.Input != "" {
			ins = append(ins, remote.Input{Name: s.Input, Value: o.Settings[s.Env]})
		}
	}
	return ins
}
