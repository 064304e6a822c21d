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
//   - actions/setup-go's "cache-dependency-path" must name go.sum: the cache key hashes that input's
//     files, and setup-go's default is go.mod alone, so a dependency change that only go.sum records
//     would restore a module cache without it.
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
				if v := inputValue(act, "cache-dependency-path"); !slices.Contains(strings.Fields(v), "go.sum") {
					bad(id, name, `setup-go's cache key ignores go.sum: set "cache-dependency-path" to go.mod and go.sum, one per line (have %q)`, v)
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
