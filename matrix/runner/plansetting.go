package runner

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
)

// PlanSetting is one field of BenchOptions as both doors give it by name and text: lab bench's flag
// -Name (cmd/lab registers one per row) and, where the row has one, the mage targets' variable Env
// (internal/tasks reads one per row) and the matrix workflow's input Input. The table of them,
// PlanSettings, is the one place that names a setting: the flag, BenchOptions.Args, -resume's refusal
// of plan flags and the variables all come from it (docs/ARCHITECTURE.md, "Adding a run setting").
//
// Invariant: for every row and every v in Values, Set(o, v) followed by Get(*o) gives back (v, true),
// so that BenchOptions.Args round-trips through the flags; Get of the zero BenchOptions is ("", false):
// not given.
type PlanSetting struct {
	Name  string   // the flag's name: lower case, words joined by '-'
	Kind  FlagKind // how the flag takes its value
	Usage string   // the flag's help, ending in its default
	// Run marks a setting a resumed run takes too; every other row is part of a new run's plan, which
	// -resume (whose plan is the run's) refuses.
	Run bool
	// Env is the mage targets' variable, DEFLATELAB_<NAME>, and Input the matrix workflow's input that
	// sets it (.github/workflows/matrix.yml); "" when there is none.
	Env, Input string
	// Doc and Default are Env's row in docs/USAGE.md's options table: what it takes and what unset
	// means (internal/workflows' TestUsageRows holds the doc to them).
	Doc, Default string
	// Values are values Set takes, the first a typical one: the tests give each through every door.
	Values []string
	// Set reads v into o, or says what is allowed without naming the setting: each door names it as its
	// users give it (-pairing, DEFLATELAB_PAIRING).
	Set func(o *BenchOptions, v string) error
	// Get is o's value as Set takes it, and whether it is given.
	Get func(o BenchOptions) (string, bool)
	// Narrow puts o's value, given, into a new run's plan, after checking it with Set; nil for the rows
	// BenchOptions.narrow places itself (their order matters: -adaptive rounds up -rounds).
	Narrow func(o BenchOptions, plan *matrix.Plan)
}

// FlagKind is how a setting's flag takes its value.
type FlagKind int

const (
	ValueFlag  FlagKind = iota // -name v
	BoolFlag                   // -name alone is true, -name=false false; Args writes -name=v
	SwitchFlag                 // off unless given: Args writes -name alone
)

// narrowSettings puts o's given rows with Narrow into plan, each checked as its flag would be, so that
// a value set in Go (BenchOptions{Pairing: "both"}) is refused in the flag's words.
func (o BenchOptions) narrowSettings(plan *matrix.Plan) error {
	for _, s := range PlanSettings {
		v, ok := s.Get(o)
		if !ok || s.Narrow == nil {
			continue
		}
		if err := s.Set(&BenchOptions{}, v); err != nil {
			return matrix.Invalidf("bench: -%s %q: %v", s.Name, v, err)
		}
		s.Narrow(o, plan)
	}
	return nil
}

// Args are the lab bench flags that carry o, in PlanSettings' order, so that cmd/lab's flag set parses
// them back into o (a round trip its tests check): for run.json's record of the command, a log line,
// or another process.
func (o BenchOptions) Args() []string {
	var args []string
	for _, s := range PlanSettings {
		v, ok := s.Get(o)
		switch {
		case !ok:
		case s.Kind == SwitchFlag:
			args = append(args, "-"+s.Name)
		case s.Kind == BoolFlag:
			args = append(args, "-"+s.Name+"="+v)
		default:
			args = append(args, "-"+s.Name, v)
		}
	}
	return args
}

// planFlags are the flags of the plan settings given, sorted: what -resume refuses.
func (o BenchOptions) planFlags() []string {
	var given []string
	for _, s := range PlanSettings {
		if _, ok := s.Get(o); ok && !s.Run {
			given = append(given, "-"+s.Name)
		}
	}
	slices.Sort(given)
	return given
}

// textRow fills s's Set and Get for a string field taken as given ("": not given).
func textRow[T ~string](s PlanSetting, field func(*BenchOptions) *T) PlanSetting {
	s.Set = func(o *BenchOptions, v string) error { *field(o) = T(v); return nil }
	s.Get = func(o BenchOptions) (string, bool) { v := *field(&o); return string(v), v != "" }
	return s
}

// listRow fills s's Set and Get for a comma-separated list; given empty, it is an empty list, not nil
// (nil is not given), which the plan's checks refuse in their own words.
func listRow(s PlanSetting, field func(*BenchOptions) *[]string) PlanSetting {
	s.Set = func(o *BenchOptions, v string) error { *field(o) = CommaList(v); return nil }
	s.Get = func(o BenchOptions) (string, bool) { v := *field(&o); return strings.Join(v, ","), v != nil }
	return s
}

// pointerRow fills s's Set and Get for a field whose nil is not given, parsed and formatted as given.
func pointerRow[T any](s PlanSetting, field func(*BenchOptions) **T, parse func(string) (T, error), format func(T) string) PlanSetting {
	s.Set = func(o *BenchOptions, v string) error {
		x, err := parse(v)
		if err != nil {
			return err
		}
		*field(o) = &x
		return nil
	}
	s.Get = func(o BenchOptions) (string, bool) {
		if p := *field(&o); p != nil {
			return format(*p), true
		}
		return "", false
	}
	return s
}

// intsRow fills s's Set and Get for a comma-separated list of integers, parse reading and checking it.
func intsRow(s PlanSetting, field func(*BenchOptions) *[]int, parse func(string) ([]int, error)) PlanSetting {
	s.Set = func(o *BenchOptions, v string) error {
		n, err := parse(v)
		*field(o) = n
		return err
	}
	s.Get = func(o BenchOptions) (string, bool) {
		v := *field(&o)
		parts := make([]string, len(v))
		for i, n := range v {
			parts[i] = strconv.Itoa(n)
		}
		return strings.Join(parts, ","), v != nil
	}
	return s
}

// commaList splits a comma-separated value, trimmed, empty names dropped; never nil.
func CommaList(v string) []string {
	out := []string{}
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// parseInt reads an integer as the flag package's Int does (0x and 0 prefixes too).
func parseInt(v string) (int, error) {
	n, err := strconv.ParseInt(v, 0, strconv.IntSize)
	if err != nil {
		return 0, errors.New("allowed: an integer")
	}
	return int(n), nil
}

// parseBool reads a boolean as the flag package's Bool does (1, t, true, 0, f, false, ...).
func parseBool(v string) (bool, error) {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, errors.New("allowed: true or false")
	}
	return b, nil
}

// parseFloat reads a number such as 0.025.
func parseFloat(v string) (float64, error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, errors.New("allowed: a number such as 0.02")
	}
	return f, nil
}

// parseCapacities reads -pool-capacity: given empty, an empty list, which narrow refuses.
func parseCapacities(v string) ([]int, error) {
	caps := []int{}
	for _, c := range CommaList(v) {
		n, err := matrix.ParseCapacity(c)
		if err != nil {
			return nil, err
		}
		caps = append(caps, n)
	}
	return caps, nil
}

// parseLayouts reads -layouts: 0..matrix.MaxRotationLayouts (the plan's check says that rounds must be a
// multiple of it).
func parseLayouts(v string) (int, error) {
	n, err := strconv.ParseInt(v, 10, strconv.IntSize)
	if err != nil || n < 0 || n > matrix.MaxRotationLayouts {
		return 0, fmt.Errorf("allowed: 0 or 1 (one layout per candidate), or 2..%d link layouts to rotate through, dividing -rounds", matrix.MaxRotationLayouts)
	}
	return int(n), nil
}

// parseUint reads an unsigned integer as the flag package's Uint64 does.
func parseUint(v string) (uint64, error) {
	n, err := strconv.ParseUint(v, 0, 64)
	if err != nil {
		return 0, errors.New("allowed: an integer 0 or more")
	}
	return n, nil
}

// parseDuration reads a duration such as 30s or 2m.
func parseDuration(v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, errors.New("allowed: a duration such as 30s or 2m")
	}
	return d, nil
}

func formatInt(n int) string       { return strconv.Itoa(n) }
func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
func formatBool(b bool) string     { return strconv.FormatBool(b) }
