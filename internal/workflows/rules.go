package workflows

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/rhysd/actionlint"
)

// Rules checks what actionlint does not and a GitHub run would only show late: each finding names
// the job, the step and what to write instead. gomod is go.mod's text.
//
//   - actions/upload-artifact needs "overwrite: true": without it "Re-run failed jobs" fails at the
//     upload, because the first attempt's artifact of that name still exists (upload-artifact v4+
//     refuses to replace it).
//   - actions/setup-go must take its version from "go-version-file: go.mod", go.mod must have a
//     "toolchain goX.Y.Z" line, and no env: may set GOTOOLCHAIN=local: setup-go (v6's
//     parseGoVersionFile) installs the toolchain line's version, and without it the go line's exact
//     version (go 1.26.0 installs go1.26.0, not the patched release the code is tested with).
//   - actions/setup-go must not cache ("cache: false"), and a job that sets up Go must cache with
//     actions/cache, keyed per workflow and job (github.workflow, github.job), runner (runner.os,
//     runner.arch) and go.sum: setup-go's own key is the runner type and its dependency files alone, so
//     every job of a runner type shared one cache, saved by whichever finished first with what that
//     job had built (lint's, the tests', the bench's); and a key without go.sum would restore a module
//     cache that lacks a dependency only go.sum records.
func Rules(wf *actionlint.Workflow, gomod string) []string {
	var out []string
	bad := func(job, step, format string, args ...any) {
		out = append(out, fmt.Sprintf("job %s, step %s: %s", job, step, fmt.Sprintf(format, args...)))
	}
	if v := envValue(wf.Env, "GOTOOLCHAIN"); v == "local" {
		out = append(out, "workflow env: GOTOOLCHAIN=local makes setup-go ignore go.mod's toolchain line")
	}
	for id, job := range wf.Jobs {
		if v := envValue(job.Env, "GOTOOLCHAIN"); v == "local" {
			bad(id, "(job env)", "GOTOOLCHAIN=local makes setup-go ignore go.mod's toolchain line")
		}
		for i, st := range job.Steps {
			name := fmt.Sprint(i + 1)
			if st.Name != nil {
				name = fmt.Sprintf("%d %q", i+1, st.Name.Value)
			}
			act, ok := st.Exec.(*actionlint.ExecAction)
			if !ok || act.Uses == nil {
				continue
			}
			action, _, _ := strings.Cut(act.Uses.Value, "@")
			switch action {
			case "actions/upload-artifact":
				if v := inputValue(act, "overwrite"); v != "true" {
					bad(id, name, `upload-artifact without "overwrite: true" (have %q): "Re-run failed jobs" would fail at this upload`, v)
				}
			case "actions/setup-go":
				if v := inputValue(act, "go-version"); v != "" {
					bad(id, name, `setup-go with "go-version: %s": use "go-version-file: go.mod", so that go.mod's toolchain line picks the release`, v)
				}
				if v := inputValue(act, "go-version-file"); v != "go.mod" {
					bad(id, name, `setup-go needs "go-version-file: go.mod" (have %q)`, v)
				}
				if v := inputValue(act, "cache"); v != "false" {
					bad(id, name, `setup-go caches with one key per runner type, shared by every job of it: set "cache: false" and cache with actions/cache keyed per job (have cache %q)`, v)
				}
				if !slices.ContainsFunc(job.Steps, perJobCache) {
					bad(id, name, `a job that sets up Go needs an actions/cache step whose key names ${{ github.workflow }}, ${{ github.job }}, ${{ runner.os }}, ${{ runner.arch }} and hashFiles of go.sum`)
				}
				if v := envValue(st.Env, "GOTOOLCHAIN"); v == "local" {
					bad(id, name, "GOTOOLCHAIN=local makes setup-go ignore go.mod's toolchain line")
				}
			}
		}
	}
	if _, err := Toolchain(gomod); err != nil {
		out = append(out, err.Error())
	}
	slices.Sort(out) // jobs are a map
	return out
}

// perJobCache says whether st is an actions/cache step keyed per workflow, job and runner, hashing go.sum.
func perJobCache(st *actionlint.Step) bool {
	act, ok := st.Exec.(*actionlint.ExecAction)
	if !ok || act.Uses == nil || !strings.HasPrefix(act.Uses.Value, "actions/cache@") {
		return false
	}
	key := inputValue(act, "key")
	for _, part := range []string{"github.workflow", "github.job", "runner.os", "runner.arch", "go.sum"} {
		if !strings.Contains(key, part) {
			return false
		}
	}
	return strings.Contains(key, "hashFiles(")
}

// toolchainLine is go.mod's toolchain directive with a full release version, as setup-go reads it.
var toolchainLine = regexp.MustCompile(`(?m)^toolchain go(1\.\d+\.\d+)\s*$`)

// Toolchain returns the release go.mod's toolchain line names, e.g. "1.26.8", or an error saying
// what to add.
func Toolchain(gomod string) (string, error) {
	m := toolchainLine.FindStringSubmatch(gomod)
	if m == nil {
		return "", fmt.Errorf(`go.mod: no "toolchain go1.X.Y" line: setup-go would install the go line's version exactly (e.g. go1.26.0, without its patch releases)`)
	}
	return m[1], nil
}

func inputValue(a *actionlint.ExecAction, name string) string {
	if in := a.Inputs[name]; in != nil && in.Value != nil {
		return strings.TrimSpace(in.Value.Value)
	}
	return ""
}

func envValue(env *actionlint.Env, name string) string {
	if env == nil {
		return ""
	}
	for _, v := range env.Vars {
		if strings.EqualFold(v.Name.Value, name) && v.Value != nil {
			return strings.TrimSpace(v.Value.Value)
		}
	}
	return ""
}
