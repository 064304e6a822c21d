package workflows

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rhysd/actionlint"

	"github.com/deflatelab/deflatelab/internal/tasks"
)

// setupMinutes is what a job needs besides its timed steps: checkout, setup-go (a cache restore of
// a few hundred MB) and the upload.
const setupMinutes = 10

// TestMeasureUploadsAfterTimeout: a platform's samples survive a bench that runs too long. The
// validate and bench steps have step timeouts that end, with setupMinutes to spare, before the job's
// (a step past its timeout fails; the job past its timeout is cancelled), and the upload runs after a
// failed step and after a cancel alike.
func TestMeasureUploadsAfterTimeout(t *testing.T) {
	job := parse(t, ".github/workflows/matrix.yml").Jobs["measure"]
	if job == nil || job.TimeoutMinutes == nil {
		t.Fatal("matrix.yml: job measure with a timeout-minutes not found")
	}
	var timed float64
	var upload *actionlint.Step
	sawBench := false
	for _, st := range job.Steps {
		switch e := st.Exec.(type) {
		case *actionlint.ExecRun:
			sawBench = sawBench || strings.Contains(e.Run.Value, "go tool mage bench")
			if st.TimeoutMinutes == nil {
				t.Errorf("measure: step %q has no timeout-minutes: past the job's, the job is cancelled", e.Run.Value)
				continue
			}
			timed += st.TimeoutMinutes.Value
		case *actionlint.ExecAction:
			if strings.HasPrefix(e.Uses.Value, "actions/upload-artifact@") {
				upload = st
			}
		}
	}
	if !sawBench || upload == nil {
		t.Fatalf("measure: want a go tool mage bench step and an upload-artifact step (bench %v, upload %v)", sawBench, upload != nil)
	}
	if timed+setupMinutes > job.TimeoutMinutes.Value {
		t.Errorf("measure: step timeouts add to %v min; with %d for setup and upload that passes the job's %v",
			timed, setupMinutes, job.TimeoutMinutes.Value)
	}
	cond := ""
	if upload.If != nil {
		cond = upload.If.Value
	}
	ctx := githubContext("workflow_dispatch", "o/r", "main", "")
	for _, st := range []struct {
		name string
		s    jobState
	}{{"after the bench step's timeout (it fails)", jobState{failed: true}}, {"after a cancel (the job's timeout)", jobState{cancelled: true}}, {"after a success", jobState{}}} {
		if !condition(t, cond, ctx, st.s) {
			t.Errorf("measure: the upload (if: %q) does not run %s", cond, st.name)
		}
	}
}

// goTestTimeout matches go test's -timeout flag.
var goTestTimeout = regexp.MustCompile(`-timeout[= ](\S+)`)

// TestCIRacesTheValidateSet: ci.yml's test job races exactly tasks.RacePackages, the set the validate
// target races, by running the validate:race target (which says what it skips where the race detector
// cannot run), and every go test it runs has a -timeout that fits in its job's.
func TestCIRacesTheValidateSet(t *testing.T) {
	job := parse(t, ".github/workflows/ci.yml").Jobs["test"]
	if job == nil || job.TimeoutMinutes == nil {
		t.Fatal("ci.yml: job test with a timeout-minutes not found")
	}
	var total time.Duration
	sawRace := false
	for _, st := range job.Steps {
		e, ok := st.Exec.(*actionlint.ExecRun)
		if !ok {
			continue
		}
		if slices.Contains(MageCalls(e.Run.Value), "validate:race") {
			sawRace = true
			total += tasks.RaceTimeout
			if st.If != nil {
				t.Errorf("ci.yml: the validate:race step has if: %q; the target itself says what it skips, on every runner", st.If.Value)
			}
		}
		for _, line := range strings.Split(e.Run.Value, "\n") {
			if !strings.Contains(line, "go test") {
				continue
			}
			if strings.Contains(line, "-race") {
				t.Errorf("ci.yml: %q races by hand; run go tool mage validate:race (tasks.RacePackages)", line)
			}
			m := goTestTimeout.FindStringSubmatch(line)
			if m == nil {
				t.Errorf("ci.yml: %q has no -timeout (go test's default is 10 minutes per binary)", line)
				continue
			}
			d, err := time.ParseDuration(m[1])
			if err != nil {
				t.Errorf("ci.yml: %q: %v", line, err)
			}
			total += d
		}
	}
	if !sawRace {
		t.Error("ci.yml: the test job runs no go tool mage validate:race")
	}
	if limit := time.Duration(job.TimeoutMinutes.Value) * time.Minute; total+setupMinutes*time.Minute > limit {
		t.Errorf("ci.yml: go test timeouts add to %v; with %d min for setup that passes the job's %v", total, setupMinutes, limit)
	}
}
