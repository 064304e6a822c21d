package tasks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/deflatelab/deflatelab/matrix/giveback"
	"github.com/deflatelab/deflatelab/matrix/giveback/probe"
)

// ThresholdsFunc runs the give-back probe (probe.Run); WriteThresholdsFunc writes its result
// (report.WriteThresholds). Tests pass stand-ins.
type (
	ThresholdsFunc      func(context.Context, probe.Options) (giveback.Result, error)
	WriteThresholdsFunc func(dir, name string, r giveback.Result) (string, error)
)

// ThresholdsDir is the folder under the results directory that the thresholds target writes into,
// one <goos>-<goarch>.{json,svg,md} per platform: it holds no results file (*.jsonl), so the report
// target's search for runs passes it by, and the matrix workflow's legs upload it with their results.
const ThresholdsDir = "thresholds"

// Thresholds builds lab for this machine into a temporary folder (its probe processes are
// `lab thresholds -probe`), probes every backend this build provides with the default sweep, and writes
// <results>/thresholds/<goos>-<goarch>.{json,svg,md}. It returns the markdown's path.
func Thresholds(ctx context.Context, s Streams, o Options, goos, goarch string, run ThresholdsFunc, write WriteThresholdsFunc) (string, error) {
	results, err := o.ResultsDir()
	if err != nil {
		return "", usage(fmt.Errorf("thresholds: %w", err))
	}
	tmp, err := os.MkdirTemp("", "deflatelab-thresholds-")
	if err != nil {
		return "", fmt.Errorf("thresholds: %w", err)
	}
	defer os.RemoveAll(tmp)
	lab := filepath.Join(tmp, exeName("lab", goos))
	if err := goCommand(ctx, s, []string{"GOOS=" + goos, "GOARCH=" + goarch}, "build", "-o", lab, "./cmd/lab"); err != nil {
		return "", fmt.Errorf("thresholds: %w", err)
	}
	r, err := run(ctx, probe.Options{Probe: []string{lab, "thresholds", "-probe"}, Progress: s.Stderr})
	if err != nil {
		return "", fmt.Errorf("thresholds: %w", err)
	}
	return write(filepath.Join(results, ThresholdsDir), goos+"-"+goarch, r)
}
