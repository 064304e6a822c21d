package tasks

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/internal/remote"
)

// WorkflowInputs are the matrix workflow's workflow_dispatch inputs that carry the options; the
// workflow hands them back to the mage targets as the same DEFLATELAB_* variables.
func (o Options) WorkflowInputs() []remote.Input {
	dops := joinInts(o.DOPs)
	if o.AutoDOPs {
		dops = DOPsAuto
	}
	replicas := "" // left out: the workflow's default, DefaultWorkflowReplicas
	if o.Replicas > 0 {
		replicas = strconv.Itoa(o.Replicas)
	}
	missing := "" // left out: the workflow's default, fail
	if o.MissingWarn {
		missing = "warn"
	}
	adaptive := "" // left out: the workflow's default, the profiles' fixed design
	if o.Adaptive != nil {
		adaptive = strconv.FormatBool(*o.Adaptive)
	}
	return append([]remote.Input{
		{Name: "profile", Value: o.Profile},
		{Name: "variants", Value: strings.Join(o.Variants, ",")},
		{Name: "dops", Value: dops},
		{Name: "backends", Value: strings.Join(o.Backends, ",")},
		{Name: "adaptive", Value: adaptive},
		{Name: "replicas", Value: replicas},
		{Name: "zlibng", Value: string(o.ZlibNG)},
		{Name: "platforms", Value: strings.Join(o.Platforms, ",")},
		{Name: "missing", Value: missing},
	}, o.settingInputs()...)
}

// Remote runs the matrix workflow on GitHub with the options, downloads every platform's results
// into a fresh directory under o.Results and renders their combined report, returning its path.
func Remote(ctx context.Context, s Streams, o Options, report ReportFunc, merge MergeFunc) (string, error) {
	if o.Resume != "" {
		return "", fmt.Errorf("remote: %s continues a local run; a GitHub run is resumed with \"Re-run failed jobs\"", EnvResume)
	}
	if o.Workloads != nil {
		return "", fmt.Errorf("remote: %s is not a workflow input; the workflow runs the profile's workloads", EnvWorkloads)
	}
	root, err := o.ResultsDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(root, "github-"+time.Now().UTC().Format("20060102T150405Z"))
	var path string
	err = remote.Run(ctx, remote.Config{
		Ref:    o.Ref,
		Inputs: o.WorkflowInputs(),
		Dir:    dir,
		Render: func(ctx context.Context, dir string) error {
			var err error
			// every platform of this run, each platform's replicas merged; a platform without results is named, and warned of
			path, err = Report(ctx, s, Options{ReportIn: []string{dir}, Reports: o.Reports, Platforms: o.planned(), MissingWarn: true}, report, merge)
			return err
		},
		Stdout: s.Stdout,
		Stderr: s.Stderr,
	})
	return path, err
}
