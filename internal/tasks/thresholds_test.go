package tasks

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/giveback"
	"github.com/deflatelab/deflatelab/matrix/giveback/probe"
)

// The thresholds target builds lab, hands it to the probe as `lab thresholds -probe`, and writes the
// result under the results directory's thresholds/ folder, named for the platform.
func TestThresholds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds lab")
	}
	t.Chdir("../..")
	results := t.TempDir()
	s := Streams{Stdout: io.Discard, Stderr: io.Discard, Quiet: true}
	var gotProbe []string
	run := func(_ context.Context, o probe.Options) (giveback.Result, error) {
		gotProbe = o.Probe
		if _, err := os.Stat(o.Probe[0]); err != nil {
			t.Errorf("the probe command %v does not exist while the probe runs: %v", o.Probe, err)
		}
		return giveback.Result{Platform: "p"}, nil
	}
	var gotDir, gotName string
	write := func(dir, name string, r giveback.Result) (string, error) {
		gotDir, gotName = dir, name
		return filepath.Join(dir, name+".md"), nil
	}
	path, err := Thresholds(context.Background(), s, Options{Results: results}, runtime.GOOS, runtime.GOARCH, run, write)
	if err != nil {
		t.Fatal(err)
	}
	want := runtime.GOOS + "-" + runtime.GOARCH
	if gotDir != filepath.Join(results, ThresholdsDir) || gotName != want || path != filepath.Join(gotDir, want+".md") {
		t.Errorf("wrote %s / %s (%s), want %s / %s", gotDir, gotName, path, filepath.Join(results, ThresholdsDir), want)
	}
	if len(gotProbe) != 3 || gotProbe[1] != "thresholds" || gotProbe[2] != "-probe" {
		t.Errorf("probe command %v, want lab thresholds -probe", gotProbe)
	}
	if _, err := os.Stat(gotProbe[0]); !os.IsNotExist(err) {
		t.Errorf("the temporary lab %s is left behind: %v", gotProbe[0], err)
	}

	failing := func(context.Context, probe.Options) (giveback.Result, error) {
		return giveback.Result{}, matrix.Invalidf("-backends: nope")
	}
	_, err = Thresholds(context.Background(), s, Options{Results: results}, runtime.GOOS, runtime.GOARCH, failing, write)
	var ie *matrix.InvalidError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "thresholds: -backends: nope") {
		t.Errorf("a refused option: %v, want an InvalidError (exit 2)", err)
	}
	if _, err := Thresholds(context.Background(), s, Options{ReportIn: []string{"a", "b"}}, runtime.GOOS, runtime.GOARCH, run, write); !errors.As(err, &ie) {
		t.Errorf("two results directories: %v, want an InvalidError", err)
	}
}
