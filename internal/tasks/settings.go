package tasks

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/internal/remote"
	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// planSetting is a plan setting the targets read from a DEFLATELAB_* variable and pass to lab bench as
// one of runner.BenchOptions' fields; one row of planSettings is all of it on this side: the variable
// is known (Variables), checked (FromEnv), refused beside EnvResume (a resumed run keeps its plan),
// given to the bench (Options.BenchOptions) and, with Input, sent by "mage remote" as the matrix
// workflow's input named as the variable after DEFLATELAB_, in lower case (WorkflowInputs), which
// the workflow passes back as the variable. Settings that other targets read as well (adaptive and
// zlibng, in the report's summary) keep fields of their own in Options.
type planSetting struct {
	Env   string
	Input bool
	// Apply puts v (trimmed, not empty) into b, or says what the variable allows: FromEnv checks the
	// value with it before anything runs, so that Options.BenchOptions cannot fail.
	Apply func(v string, b *runner.BenchOptions) error
}

// planSettings are the table's rows, in the order of docs/USAGE.md's options table.
var planSettings = []planSetting{
	{Env: EnvPairing, Apply: func(v string, b *runner.BenchOptions) error {
		if !slices.Contains(matrix.Pairings(), v) {
			return fmt.Errorf("allowed: %s", strings.Join(matrix.Pairings(), " or "))
		}
		b.Pairing = v
		return nil
	}},
}

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
		if err := s.Apply(v, &runner.BenchOptions{}); err != nil {
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
			s.Apply(v, b) // checked by readSettings
		}
	}
}

// settingInputs are the workflow inputs of planSettings with Input, with o's values ("" when unset:
// the workflow's default).
func (o Options) settingInputs() []remote.Input {
	var ins []remote.Input
	for _, s := range planSettings {
		if s.Input {
			ins = append(ins, remote.Input{Name: strings.ToLower(strings.TrimPrefix(s.Env, envPrefix)), Value: o.Settings[s.Env]})
		}
	}
	return ins
}
