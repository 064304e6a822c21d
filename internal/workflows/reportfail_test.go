package workflows

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// fakeGo is a go whose "go tool mage report" fails as a report target with a planned platform
// missing does: it appends what is missing to the step summary, prints the report's path when it
// wrote one ($FAKE_README), and exits 1.
const fakeGo = `echo "no results from windows/arm64" >> "$GITHUB_STEP_SUMMARY"
[ -n "$FAKE_README" ] && echo "$FAKE_README"
exit 1
`

// A report target that fails still has its report uploaded and, on a pull request, its comment, which
// says what is missing: the report step's script (run under bash with a fake go) records the report's
// folder and the comment, and the steps after it run on their if: (issue 37 item 10).
func TestFailingReportStillUploads(t *testing.T) {
	job := parse(t, ".github/workflows/matrix.yml").Jobs["report"]
	var step *actionlint.Step
	var after []*actionlint.Step
	for _, st := range job.Steps {
		if st.ID != nil && st.ID.Value == "report" {
			step = st
			continue
		}
		if step != nil {
			after = append(after, st)
		}
	}
	if step == nil {
		t.Fatal("matrix.yml: the report job has no step with id report")
	}
	for _, readme := range []string{"reports-local/20261202-run/README.md", ""} {
		dir := t.TempDir()
		bin := filepath.Join(dir, "bin")
		fakeCommand(t, bin, "go", fakeGo)
		out, summary := filepath.Join(dir, "output"), filepath.Join(dir, "summary")
		os.WriteFile(summary, []byte("## the run\n"), 0o644)
		if b, err := runStep(t, step, dir, bin, "GITHUB_OUTPUT="+out, "GITHUB_STEP_SUMMARY="+summary, "GITHUB_EVENT_NAME=pull_request", "FAKE_README="+readme); err != nil {
			t.Fatalf("report step with a failing target: %v\n%s", err, b)
		}
		outputs := map[string]any{}
		b, _ := os.ReadFile(out)
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			k, v, _ := strings.Cut(l, "=")
			outputs[k] = v
		}
		comment, err := os.ReadFile(filepath.Join(dir, "pr-comment", "comment.md"))
		if err != nil || !strings.Contains(string(comment), "no results from windows/arm64") || !strings.Contains(string(comment), "failed") {
			t.Errorf("readme %q: pr-comment/comment.md (%v) does not say what is missing and that the target failed:\n%s", readme, err, comment)
		}
		if readme == "" && !strings.Contains(string(comment), "No report was rendered") {
			t.Errorf("no report: the comment does not say so:\n%s", comment)
		}
		ctx := githubContext("pull_request", "o/r", "feature", "o/r")
		ctx["steps"] = map[string]any{"report": map[string]any{"outputs": outputs}, "upload": map[string]any{"outputs": map[string]any{"artifact-url": "https://example.invalid/a/1"}}}
		ran := map[string]bool{}
		for _, st := range after {
			cond := ""
			if st.If != nil {
				cond = st.If.Value
			}
			if a, ok := st.Exec.(*actionlint.ExecAction); ok && strings.HasPrefix(a.Uses.Value, "actions/upload-artifact@") {
				ran[inputValue(a, "name")] = condition(t, cond, ctx, jobState{})
			}
			if st.Name != nil && strings.HasPrefix(st.Name.Value, "Fail if") {
				ran["fail"] = condition(t, cond, ctx, jobState{})
			}
		}
		if want := readme != ""; ran["report"] != want || !ran["pr-comment"] || !ran["fail"] {
			t.Errorf("readme %q: uploads report %v (want %v), pr-comment %v, the failing step %v; want the comment and the failure always",
				readme, ran["report"], want, ran["pr-comment"], ran["fail"])
		}
		if want := filepath.Dir(readme); readme != "" && outputs["dir"] != want {
			t.Errorf("the report step's dir output %q, want %q", outputs["dir"], want)
		}
	}
}

// The report target prints the report's path whenever it wrote one, not only when it succeeds: the
// workflow's upload reads that path. Report hands tasks.Report's path and error to printed, which prints
// a path it is given whatever the error.
func TestReportTargetPrintsPathOnFailure(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(root, "magefile.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]string{}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil {
			var b strings.Builder
			printer.Fprint(&b, fset, fn.Body)
			bodies[fn.Name.Name] = b.String()
		}
	}
	if report := bodies["Report"]; !strings.Contains(report, "printed(tasks.Report(") {
		t.Errorf("magefile.go's Report does not hand tasks.Report's path to printed:\n%s", report)
	}
	if p := bodies["printed"]; !strings.Contains(p, `if path != "" {`) || strings.Contains(p, "err == nil") || strings.Contains(p, "err != nil") {
		t.Errorf("magefile.go's printed prints the path only on success:\n%s", p)
	}
}
