package report

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// floatVerb is a fmt verb that formats a floating-point number: %f, %.2f, %+.0f, %g, %e.
var floatVerb = regexp.MustCompile(`%[-+ #0]*[0-9]*(\.[0-9]+)?[fFgGeE]`)

// TestNumbersFormattedInOneFile holds numbers.go to its promise: no other file of the package formats a
// floating-point number itself - no fmt float verb in a string literal, no strconv.FormatFloat or
// AppendFloat - so that a kind of number reads the same on every page. (A float passed to %v or %s
// escapes this check; vet's printf check refuses %s of a float.)
func TestNumbersFormattedInOneFile(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	checked := 0
	for _, f := range files {
		if f == "numbers.go" || strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					break
				}
				s, err := strconv.Unquote(n.Value)
				if err != nil {
					break
				}
				if v := floatVerb.FindString(strings.ReplaceAll(s, "%%", "")); v != "" {
					t.Errorf("%s: %s formats a float itself; use (or add) a function of numbers.go", fset.Position(n.Pos()), v)
				}
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "strconv" && strings.HasSuffix(n.Sel.Name, "Float") && n.Sel.Name != "ParseFloat" {
					t.Errorf("%s: strconv.%s outside numbers.go", fset.Position(n.Pos()), n.Sel.Name)
				}
			}
			return true
		})
	}
	if checked < 30 {
		t.Errorf("only %d files checked", checked)
	}
}
