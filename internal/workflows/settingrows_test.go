package workflows

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/internal/tasks"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// TestSettingRows holds the docs and the workflow to runner.PlanSettings (issue 47 item 3): each row
// with a variable has exactly its row in docs/USAGE.md's options table, and each row with a workflow
// input is a matrix.yml input that mage remote sends and that sets the row's variable
// (TestDispatchInputs checks the inputs against the workflow's env:).
func TestSettingRows(t *testing.T) {
	usage := read(t, "docs/USAGE.md")
	var sent []string
	for _, in := range (tasks.Options{}).WorkflowInputs() {
		sent = append(sent, in.Name)
	}
	workflow := read(t, ".github/workflows/matrix.yml")
	for _, s := range runner.PlanSettings {
		if s.Env == "" {
			continue
		}
		row := "| `" + s.Env + "` | " + s.Doc + " | " + s.Default + " |"
		if n := strings.Count(usage, "| `"+s.Env+"` |"); n != 1 || !strings.Contains(usage, row+"\n") {
			t.Errorf("docs/USAGE.md has %d rows for %s; want one, as -%s's row in runner.PlanSettings says:\n%s", n, s.Env, s.Name, row)
		}
		if s.Input == "" {
			continue
		}
		if !slices.Contains(sent, s.Input) || s.Env != "DEFLATELAB_"+strings.ToUpper(s.Input) {
			t.Errorf("-%s: input %q, variable %s: mage remote sends %q; want the input sent, setting the variable of its name", s.Name, s.Input, s.Env, sent)
		}
		if !strings.Contains(workflow, "\n      "+s.Input+":\n") {
			t.Errorf("-%s: matrix.yml has no workflow_dispatch input %q", s.Name, s.Input)
		}
	}
}

// TestMageTargetsThin: every target in magefile.go is one line of logic through the one wrapper -
// return target(ctx, ...), which reads the options and exits as tasks.Exit says - under a one-line doc
// comment, so that no target reads the variables or maps its error on its own.
func TestMageTargetsThin(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, "magefile.go"), nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	targets := 0
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || !fn.Name.IsExported() {
			continue
		}
		targets++
		if fn.Doc == nil || len(fn.Doc.List) != 1 {
			t.Errorf("target %s: want a one-line doc comment (mage -l prints it)", fn.Name.Name)
		}
		var call *ast.CallExpr
		if len(fn.Body.List) == 1 {
			if ret, ok := fn.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				call, _ = ret.Results[0].(*ast.CallExpr)
			}
		}
		if call == nil || !isIdent(call.Fun, "target") || len(call.Args) != 2 {
			t.Errorf("target %s: want its body to be return target(ctx, func(o tasks.Options) error { ... })", fn.Name.Name)
			continue
		}
		if lit, ok := call.Args[1].(*ast.FuncLit); !ok || len(lit.Body.List) != 1 {
			t.Errorf("target %s: want one statement of logic in the function target runs", fn.Name.Name)
		}
	}
	if targets < 9 {
		t.Errorf("magefile.go has %d targets, want the nine at least", targets)
	}
}

// isIdent reports whether e is the identifier name.
func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
