// Package reporttest holds fixtures for the tests of matrix/report and of the lab commands that read
// results as a report does (cmd/lab/internal/aanull): results folders written by hand.
package reporttest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// WriteReplica writes a results folder as lab bench -replica i/2 would: samples of two cells, six
// rounds of control and pooled, pooled slower by slow, and its run.json.
func WriteReplica(t *testing.T, dir, run string, i int, slow float64) {
	t.Helper()
	start := time.Date(2026, 12, 1, 10+i, 0, 0, 0, time.UTC)
	var samples []matrix.Sample
	at := start
	for r := range 6 {
		for _, phase := range []string{"cold", "warm"} {
			cell := matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1, Phase: phase, Backend: "libc"}
			for pos := range 2 {
				v := []string{"control", "pooled"}[(pos+r)%2]
				ns := 1e6 * (10 + float64(r%3)) * map[string]float64{"control": 1, "pooled": slow}[v]
				samples = append(samples, matrix.Sample{Run: run, Cell: cell, Variant: v, Round: r, Position: pos, OK: true, Start: at, WallNs: int64(ns) + 1e6, Build: "b" + v,
					Result: &hostresult.Result{Ops: 1000, ElapsedNs: int64(ns), OutputBytes: 5, Digest: "d", Env: hostresult.Env{GOOS: "linux", GOARCH: "amd64", NumCPU: 2, CPU: "Fake CPU", Commit: "c"}}})
				at = at.Add(time.Duration(ns) + time.Millisecond)
			}
		}
	}
	os.MkdirAll(dir, 0o755)
	var b strings.Builder
	for _, s := range samples {
		line, _ := json.Marshal(s)
		b.Write(append(line, '\n'))
	}
	if err := os.WriteFile(filepath.Join(dir, resultsdir.SamplesFile), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	plan := PlanOf(samples, "quick")
	m := matrix.Manifest{Run: run, Profile: "quick", Plan: plan, Status: matrix.StatusComplete, Samples: len(samples), Planned: plan.Samples(),
		Start: start, End: at, Commits: map[string]string{"control": "c", "pooled": "c"}, Builds: map[string]string{"control": "bcontrol", "pooled": "bpooled"},
		Replica: &matrix.Replica{Index: i, Count: 2}, Machine: &matrix.Machine{Hostname: run, CPU: "Fake CPU", Processors: 2}, Interleave: &matrix.Interleave{Seed: uint64(i)}}
	data, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(dir, resultsdir.ManifestFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// PlanOf is a valid plan for samples made by hand: their variants, workloads, phases, DOPs, backends and
// rounds, in the rotation's order (the samples' positions must follow it), and zlib-ng generation, the
// smoke profile's other settings. A run.json with it lets the report check the samples against their plan.
func PlanOf(samples []matrix.Sample, profile string) matrix.Plan {
	smoke, _ := runner.ProfileByName("smoke")
	p := smoke.Plan
	p.Profile, p.Variants, p.Workloads, p.Phases, p.DOPs, p.Backends, p.Rounds = profile, nil, nil, nil, nil, nil, 0
	add := func(list []string, v string) []string {
		if !slices.Contains(list, v) {
			return append(list, v)
		}
		return list
	}
	for _, s := range samples {
		p.Platform = s.Cell.Platform
		p.Variants = add(p.Variants, s.Variant)
		p.Workloads, p.Phases, p.Backends = add(p.Workloads, s.Cell.Workload), add(p.Phases, s.Cell.Phase), add(p.Backends, s.Cell.Backend)
		if !slices.Contains(p.DOPs, s.Cell.DOP) {
			p.DOPs = append(p.DOPs, s.Cell.DOP)
		}
		p.Rounds = max(p.Rounds, s.Round+1)
		if s.Result != nil {
			p.ZlibNG = s.Result.ZlibNG
		}
	}
	return p
}

// EditSamples rewrites dir's samples file with edit applied to each sample, in order.
func EditSamples(t *testing.T, dir string, edit func(*matrix.Sample)) {
	t.Helper()
	path := filepath.Join(dir, resultsdir.SamplesFile)
	samples, err := resultsdir.ReadSamples(path)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, s := range samples {
		edit(&s)
		line, _ := json.Marshal(s)
		b.Write(append(line, '\n'))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
