package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
)

// pilotRun is a tracked report's copy of a one-instance quick-profile run of six variants (period 6).
var pilotRun = filepath.Join("..", "..", "reports", "20261201T013329Z-linux-amd64-57b5d154", "raw", "20261201-013329-linux-amd64")

// TestPlanCommandIsBenchable (issue 46 item 4): lab plan keeps the budget it is given, or says none
// fits and prints no command; the command it prints is go run ./cmd/lab bench with flags lab bench's
// own flag set accepts as they are, its rounds a whole number of rotation periods; a one-instance pilot's
// between-instance level is named unknown.
func TestPlanCommandIsBenchable(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses a quick run")
	}
	planLine := regexp.MustCompile(`(?m)^\*\*Plan:\*\* .*, ([0-9.]+) per platform; detects`)
	for _, tc := range []struct {
		minutes   float64
		command   bool
		instances bool // the plan takes several instances: -replica 1/K
	}{
		{minutes: 20, command: true},
		{minutes: 80, command: true, instances: true},
		{minutes: 1},
	} {
		var out bytes.Buffer
		args := []string{"-pilot", pilotRun, "-change", "10%", "-minutes", strconv.FormatFloat(tc.minutes, 'f', -1, 64)}
		if err := planMain(context.Background(), args, &out, io.Discard); err != nil {
			t.Fatalf("lab plan %v: %v", args, err)
		}
		text := out.String()
		if !strings.Contains(text, "between-instance level is **unknown**") || !strings.Contains(text, "| unknown |") {
			t.Errorf("-minutes %v: a one-instance pilot's between-instance level is not named unknown:\n%s", tc.minutes, text)
		}
		i := strings.Index(text, "```\ngo run ./cmd/lab bench ")
		if !tc.command {
			if i >= 0 || !strings.Contains(text, "No plan fits") {
				t.Errorf("-minutes %v: want no plan fits and no command:\n%s", tc.minutes, text)
			}
			continue
		}
		if i < 0 {
			t.Fatalf("-minutes %v: no go run ./cmd/lab bench command:\n%s", tc.minutes, text)
		}
		cmd := strings.TrimSpace(strings.SplitN(text[i+len("```\n"):], "\n", 2)[0])
		// The plan the command runs is the last one printed; it keeps the budget.
		plans := planLine.FindAllStringSubmatch(text, -1)
		if len(plans) == 0 {
			t.Fatalf("no plan line:\n%s", text)
		}
		if m, _ := strconv.ParseFloat(plans[len(plans)-1][1], 64); m > tc.minutes {
			t.Errorf("-minutes %v: the plan run takes %v runner-minutes", tc.minutes, m)
		}
		o, err := parseBench(strings.Fields(strings.TrimPrefix(cmd, "go run ./cmd/lab bench ")), io.Discard)
		if err == nil {
			err = o.Validate()
		}
		if err != nil {
			t.Fatalf("lab bench does not accept %q: %v", cmd, err)
		}
		if o.Rounds == nil || *o.Rounds%matrix.RotationPeriod(len(o.Variants)) != 0 {
			t.Errorf("%q: rounds not a multiple of the rotation period of %d variants", cmd, len(o.Variants))
		}
		if tc.instances != (o.Replica != nil && o.Replica.Index == 1 && o.Replica.Count > 1) {
			t.Errorf("-minutes %v: %q: replica %v, want several instances %v", tc.minutes, cmd, o.Replica, tc.instances)
		}
	}
}
