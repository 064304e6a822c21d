package workflows

import (
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

const goodGoMod = "module m\n\ngo 1.26.0\n\ntoolchain go1.26.8\n"

// workflow wraps steps (YAML, indented for a job's steps:) into a one-job workflow.
func workflow(env, steps string) string {
	return "on: push\n" + env + "jobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n" + steps
}

const (
	setupGoFile = "      - uses: actions/setup-go@4a3601121dd01d1626a1e23e37211e3254c1c06c # v6.4.0\n        with:\n          go-version-file: go.mod\n          cache: false\n" + cacheStep
	cacheStep   = "      - uses: actions/cache@27d5ce7f107fe9357f9df03efb73ab90386fccae # v5.0.5\n        with:\n          path: ~/go/pkg/mod\n          key: go-${{ runner.os }}-${{ runner.arch }}-${{ github.workflow }}-${{ github.job }}-${{ hashFiles('go.mod', 'go.sum') }}\n"
	uploadOK    = "      - uses: actions/upload-artifact@bbbca2ddaa5d8feaa63e36b76fdaad77386f024f # v7.0.0\n        with:\n          name: a\n          path: a/\n          overwrite: true\n"
)

func TestRules(t *testing.T) {
	tests := []struct {
		name  string
		yaml  string
		gomod string
		want  []string // substrings of the findings, one each; nil = clean
	}{
		{name: "clean", yaml: workflow("", setupGoFile+uploadOK), gomod: goodGoMod},
		{
			name:  "upload without overwrite",
			yaml:  workflow("", "      - name: Upload\n        uses: actions/upload-artifact@bbbca2ddaa5d8feaa63e36b76fdaad77386f024f # v7.0.0\n        with:\n          name: a\n          path: a/\n"),
			gomod: goodGoMod,
			want:  []string{`step 1 "Upload": upload-artifact without "overwrite: true"`},
		},
		{
			name:  "upload with overwrite false",
			yaml:  workflow("", strings.Replace(uploadOK, "overwrite: true", "overwrite: false", 1)),
			gomod: goodGoMod,
			want:  []string{`without "overwrite: true" (have "false")`},
		},
		{
			name:  "setup-go with go-version",
			yaml:  workflow("", "      - uses: actions/setup-go@4a3601121dd01d1626a1e23e37211e3254c1c06c # v6.4.0\n        with:\n          go-version: '1.26'\n"),
			gomod: goodGoMod,
			want:  []string{`"go-version: 1.26"`, `needs "go-version-file: go.mod" (have "")`, `set "cache: false"`, `needs an actions/cache step`},
		},
		{
			name:  "setup-go with its own cache (one key per runner type)",
			yaml:  workflow("", strings.Replace(setupGoFile, "          cache: false\n", "", 1)),
			gomod: goodGoMod,
			want:  []string{`set "cache: false"`},
		},
		{
			name:  "a cache key shared by the jobs",
			yaml:  workflow("", strings.Replace(setupGoFile, "-${{ github.job }}", "", 1)),
			gomod: goodGoMod,
			want:  []string{`needs an actions/cache step whose key names`},
		},
		{
			name:  "a cache key without go.sum",
			yaml:  workflow("", strings.Replace(setupGoFile, "'go.mod', 'go.sum'", "'go.mod'", 1)),
			gomod: goodGoMod,
			want:  []string{`needs an actions/cache step whose key names`},
		},
		{
			name:  "go.mod without toolchain",
			yaml:  workflow("", setupGoFile),
			gomod: "module m\n\ngo 1.26.0\n",
			want:  []string{`go.mod: no "toolchain go1.X.Y" line`},
		},
		{
			name:  "toolchain without patch",
			yaml:  workflow("", setupGoFile),
			gomod: "module m\n\ngo 1.26.0\n\ntoolchain go1.26\n",
			want:  []string{`go.mod: no "toolchain go1.X.Y" line`},
		},
		{
			name:  "GOTOOLCHAIN=local",
			yaml:  workflow("env:\n  GOTOOLCHAIN: local\n", setupGoFile),
			gomod: goodGoMod,
			want:  []string{"workflow env: GOTOOLCHAIN=local"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wf, errs := actionlint.Parse([]byte(tt.yaml))
			if len(errs) > 0 {
				t.Fatalf("fixture does not parse: %v\n%s", errs[0], tt.yaml)
			}
			got := Rules(wf, tt.gomod)
			if len(got) != len(tt.want) {
				t.Fatalf("Rules = %q, want %d findings like %q", got, len(tt.want), tt.want)
			}
			for _, w := range tt.want {
				found := false
				for _, g := range got {
					found = found || strings.Contains(g, w)
				}
				if !found {
					t.Errorf("Rules = %q, want one containing %q", got, w)
				}
			}
		})
	}
}

// TestRepositoryRules applies Rules to the repository's workflows and go.mod.
func TestRepositoryRules(t *testing.T) {
	gomod := read(t, "go.mod")
	for _, f := range workflowFiles {
		wf, errs := actionlint.Parse([]byte(read(t, f)))
		if len(errs) > 0 {
			t.Fatalf("%s: %v", f, errs[0])
		}
		for _, finding := range Rules(wf, gomod) {
			t.Errorf("%s: %s", f, finding)
		}
	}
}
