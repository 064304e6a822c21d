package runner_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/internal/tasks"
	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// TestMatrixStoppedMidBenchSaysHowToContinue (issue 46 item 2): the matrix target stopped during its
// bench (SIGTERM cancels the target's context: tasks.InterruptOnTerm) says "bench interrupted" and, as
// lab bench does, "continue with:" and the command that continues the run in its results folder; that
// command, followed, completes the run.
func TestMatrixStoppedMidBenchSaysHowToContinue(t *testing.T) {
	bin, _ := runner.FakeHosts(t, "ok")
	t.Chdir(t.TempDir())
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	bench := func(ctx context.Context, o runner.BenchOptions, stdout, stderr io.Writer) error {
		o.Bin = bin
		go func() { // the signal, once the bench has recorded samples
			for ctx.Err() == nil {
				files, _ := filepath.Glob(filepath.Join("results", "*", resultsdir.SamplesFile))
				for _, f := range files {
					if b, _ := os.ReadFile(f); bytes.Count(b, []byte("\n")) >= 2 {
						cancel(errors.New("signal: terminated"))
					}
				}
				time.Sleep(20 * time.Millisecond)
			}
		}()
		return runner.Bench(ctx, o, stdout, stderr)
	}
	nop := func(context.Context, tasks.Streams) error { return nil }
	steps := tasks.Steps{Build: nop, Validate: nop, Bench: bench, Report: report.Run}
	o := tasks.Options{Profile: "smoke", Results: "results", Workloads: []string{"fixed"}, DOPs: []int{1}}
	var stderr bytes.Buffer
	_, err := tasks.Matrix(ctx, tasks.Streams{Stdout: io.Discard, Stderr: &stderr}, o, runtime.GOOS, runtime.GOARCH, steps)
	if err == nil {
		t.Fatalf("the matrix ran to its end though stopped\n%s", stderr.String())
	}
	m := regexp.MustCompile(`^bench interrupted: signal: terminated; the samples so far are kept, continue with: go run \./cmd/lab bench -resume -out (\S+)$`).FindStringSubmatch(err.Error())
	if m == nil {
		t.Fatalf("error %q: want bench interrupted and the continue with line\n%s", err, stderr.String())
	}
	dir := filepath.FromSlash(m[1])
	if !strings.HasPrefix(dir, "results"+string(filepath.Separator)) {
		t.Errorf("the command continues %s, not a folder under results/", dir)
	}
	if err := runner.Bench(context.Background(), runner.BenchOptions{Resume: true, Out: dir, Bin: bin, Progress: "none"}, io.Discard, io.Discard); err != nil {
		t.Fatalf("the printed command: %v", err)
	}
	mf, err := resultsdir.ReadManifest(dir)
	if err != nil || !mf.Complete() {
		t.Errorf("after the printed command: %v, complete %v (%d of %d)", err, mf.Complete(), mf.Samples, mf.Planned)
	}
}
