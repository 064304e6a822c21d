package runner

import (
	"fmt"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
)

// PlanSetting is a plan setting both doors give by name and text: lab bench's flag -Name (cmd/lab
// registers one per row) and the mage targets' variable DEFLATELAB_<NAME> (internal/tasks reads one per
// row, and with Input sends it from mage remote as the matrix workflow's input <name>). A new setting
// is a row of PlanSettings, its BenchOptions field, its matrix.Plan field, the workflow's input and
// docs/USAGE.md's row: nothing else names it (docs/ARCHITECTURE.md, "Adding a run setting").
//
// Invariant: for every row, Set(o, v) followed by Get(*o) gives back (v, true) for every v Set takes, so
// that BenchOptions.Args round-trips, and Get of the zero BenchOptions is ("", false): not given.
type PlanSetting struct {
	Name  string // the flag's name: lower case, words joined by '-'
	Usage string // the flag's help, ending in its default
	Bool  bool   // a boolean flag: -Name alone means true, -Name=false false
	Input bool   // the matrix workflow takes it as an input (.github/workflows/matrix.yml)
	// Set checks v (trimmed, not empty) and puts it into o, or says what is allowed, without naming the
	// setting: each door names it as its users give it (-pairing, DEFLATELAB_PAIRING).
	Set func(o *BenchOptions, v string) error
	// Get is o's value as Set takes it, and whether it is given.
	Get func(o BenchOptions) (string, bool)
	// Narrow puts o's value, given and checked, into a new run's plan.
	Narrow func(o BenchOptions, plan *matrix.Plan)
}

// PlanSettings are the plan settings given by name and text, in the order of docs/USAGE.md's options
// table. (The settings older than the table have flags and fields of their own in cmd/lab and
// BenchOptions.Args; a new one is a row here.)
var PlanSettings = []PlanSetting{
	{
		Name: "pairing",
		Usage: fmt.Sprintf("how a round's pair runs: %s (one process after the other) or %s (control and the candidate at once, each pinned to processors of its own, where the round is one pair and 2 x DOP <= processors; other cells alternate) (default: the profile's, %s)",
			matrix.Alternating, matrix.Duet, matrix.Alternating),
		Set: func(o *BenchOptions, v string) error {
			if matrix.CheckPairing(v) != nil {
				return fmt.Errorf("allowed: %s", strings.Join(matrix.Pairings(), " or "))
			}
			o.Pairing = v
			return nil
		},
		Get:    func(o BenchOptions) (string, bool) { return o.Pairing, o.Pairing != "" },
		Narrow: func(o BenchOptions, plan *matrix.Plan) { plan.Pairing = o.Pairing },
	},
}

// narrowSettings puts o's given PlanSettings into plan, each checked as its flag would be, so that a
// value set in Go (BenchOptions{Pairing: "both"}) is refused in the flag's words.
func (o BenchOptions) narrowSettings(plan *matrix.Plan) error {
	for _, s := range PlanSettings {
		v, ok := s.Get(o)
		if !ok {
			continue
		}
		if err := s.Set(&BenchOptions{}, v); err != nil {
			return matrix.Invalidf("bench: -%s %q: %v", s.Name, v, err)
		}
		s.Narrow(o, plan)
	}
	return nil
}

// settingArgs are the flags of o's given PlanSettings, for Args.
func (o BenchOptions) settingArgs() []string {
	var args []string
	for _, s := range PlanSettings {
		if v, ok := s.Get(o); ok {
			if s.Bool {
				args = append(args, "-"+s.Name+"="+v)
			} else {
				args = append(args, "-"+s.Name, v)
			}
		}
	}
	return args
}
