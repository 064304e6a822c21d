package workflows

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// root is the repository root, relative to this package's directory.
const root = "../.."

// workflowFiles are every workflow of the repository, so that a new one is linted and pin-checked too.
var workflowFiles = func() []string {
	files, _ := filepath.Glob(filepath.Join(root, ".github", "workflows", "*.yml"))
	var rel []string
	for _, f := range files {
		r, _ := filepath.Rel(root, f)
		rel = append(rel, filepath.ToSlash(r))
	}
	if len(rel) < 3 { // ci.yml, matrix.yml, matrix-comment.yml
		panic("internal/workflows: fewer workflows than expected under .github/workflows: " + strings.Join(rel, ", "))
	}
	return rel
}()

func read(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestActionlint lints every workflow with actionlint's library (shellcheck too, when it is on
// PATH, as it is on GitHub's Ubuntu runners) and fails on any finding.
func TestActionlint(t *testing.T) {
	var out strings.Builder
	shellcheck, _ := exec.LookPath("shellcheck")
	l, err := actionlint.NewLinter(&out, &actionlint.LinterOptions{Shellcheck: shellcheck, WorkingDir: root})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range workflowFiles {
		errs, err := l.LintFile(filepath.Join(root, f), nil)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, e := range errs {
			t.Errorf("%s", e)
		}
	}
	if shellcheck == "" {
		t.Log("shellcheck not on PATH: run: scripts were not shellchecked")
	}
}

// TestMageCallsAreTargets checks every "go tool mage <target>" in the workflows, the README and
// .ci/run against the targets magefile.go defines.
func TestMageCallsAreTargets(t *testing.T) {
	targets, err := MageTargets(filepath.Join(root, "magefile.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append(slices.Clone(workflowFiles), "README.md", "docs/USAGE.md", "docs/FINDINGS.md", ".ci/run") {
		calls := MageCalls(read(t, f))
		if len(calls) == 0 && (f == ".github/workflows/matrix.yml" || f == ".ci/run") {
			t.Errorf("%s calls no mage target; the check would prove nothing", f)
		}
		for _, c := range calls {
			if !slices.Contains(targets, c) {
				t.Errorf("%s calls \"go tool mage %s\", but magefile.go has no such target (have %s)", f, c, strings.Join(targets, ", "))
			}
		}
	}
}

// pinned is a third-party action reference pinned to a full commit SHA with its version in a comment.
var (
	usesLine = regexp.MustCompile(`(?m)^\s*(?:-\s+)?uses:\s*(\S+)(.*)$`)
	pinned   = regexp.MustCompile(`^[\w.-]+/[\w./-]+@[0-9a-f]{40}$`)
	version  = regexp.MustCompile(`^\s*#\s*v\d+(\.\d+)*\s*$`)
)

// TestSecurity checks the rules the workflows promise: read-only contents permission at the top (or
// none at all), a write permission only for pull-request comments in a workflow_run workflow (which
// runs the base repository's code, never a fork's), every action pinned to a commit SHA with a
// version comment, and no expression inside a run: script (inputs and matrix values reach scripts
// through env:, so they cannot inject shell code).
func TestSecurity(t *testing.T) {
	for _, f := range workflowFiles {
		text := read(t, f)
		wf, errs := actionlint.Parse([]byte(text))
		if len(errs) > 0 {
			t.Fatalf("%s: %v", f, errs[0])
		}
		readOnly := func(p *actionlint.Permissions) bool {
			return p != nil && p.All == nil && len(p.Scopes) == 1 && p.Scopes["contents"] != nil && p.Scopes["contents"].Value.Value == "read"
		}
		none := func(p *actionlint.Permissions) bool { return p != nil && p.All == nil && len(p.Scopes) == 0 }
		if p := wf.Permissions; !readOnly(p) && !none(p) {
			t.Errorf("%s: top-level permissions must be exactly {contents: read}, or {}", f)
		}
		onWorkflowRun := slices.ContainsFunc(wf.On, func(e actionlint.Event) bool { return e.EventName() == "workflow_run" })
		for name, job := range wf.Jobs {
			if job.Permissions == nil {
				continue
			}
			if job.Permissions.All != nil {
				t.Errorf("%s: job %s: permissions %q: name each scope", f, name, job.Permissions.All.Value)
			}
			for scope, p := range job.Permissions.Scopes {
				if p.Value.Value == "write" && (scope != "pull-requests" || !onWorkflowRun) {
					t.Errorf("%s: job %s: %s: write; only a workflow_run workflow may write, and only pull-request comments", f, name, scope)
				}
			}
		}
		uses := usesLine.FindAllStringSubmatch(text, -1)
		if len(uses) == 0 {
			t.Errorf("%s: no uses: lines found; the pin check would prove nothing", f)
		}
		for _, m := range uses {
			if !pinned.MatchString(m[1]) || !version.MatchString(m[2]) {
				t.Errorf("%s: %q is not pinned as owner/repo@<40-hex sha> # vX.Y.Z", f, strings.TrimSpace(m[0]))
				continue
			}
			action, commit, _ := strings.Cut(m[1], "@")
			tag := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(m[2]), "#"))
			if !slices.Contains(VerifiedPins, Pin{action, tag, commit}) {
				t.Errorf("%s: %s@%s # %s is not in VerifiedPins: check the tag's commit in the action's repository first", f, action, commit, tag)
			}
		}
		for name, job := range wf.Jobs {
			for _, st := range job.Steps {
				run, ok := st.Exec.(*actionlint.ExecRun)
				if ok && run.Run != nil && strings.Contains(run.Run.Value, "${{") {
					t.Errorf("%s: job %s: a run: script contains an expression; pass it through env: instead:\n%s", f, name, run.Run.Value)
				}
			}
		}
	}
}

func TestMageCalls(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"run: go tool mage validate", []string{"validate"}},
		{"go tool mage -v validate:emulated && go tool mage bench # comment", []string{"validate:emulated", "bench"}},
		{"go tool mage -t 10m build validate", []string{"build", "validate"}},
		{"go tool mage validate:emulated -require", []string{"validate:emulated", "-require"}},
		{"run `go tool mage matrix` and `go test ./...`", []string{"matrix"}},
		{"go tool mage -l", nil},
		{"go tool mage <target>", nil},
		{`"go tool mage report"`, []string{"report"}},
	}
	for _, tt := range tests {
		if got := MageCalls(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("MageCalls(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestMageTargets(t *testing.T) {
	dir := t.TempDir()
	src := `//go:build mage

package main

import "github.com/magefile/mage/mg"

type Validate mg.Namespace
type helper struct{}

// Build builds.
func Build() error { return nil }
func notATarget() {}
func (Validate) Emulated() error { return nil }
func (helper) Exported() {}

var Aliases = map[string]any{"validate": Validate.Emulated}
`
	path := filepath.Join(dir, "magefile.go")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := MageTargets(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"validate", "build", "validate:emulated"}; !slices.Equal(got, want) {
		t.Errorf("MageTargets = %q, want %q", got, want)
	}
}
