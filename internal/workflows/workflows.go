// Package workflows checks that the GitHub workflows fit the repository: they lint clean under
// actionlint, and every "go tool mage <target>" they (and the README and .ci/run) call is a target
// magefile.go defines. The workflows cannot run on this machine, so this is how they are tested here;
// the checks live in this package's tests, and the helpers below are what the tests share.
package workflows

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"unicode"
)

// MageTargets parses a magefile and returns its target names as mage accepts them, lower case:
// each exported top-level function, "namespace:method" for each exported method of a type declared
// as mg.Namespace, and each key of the Aliases map.
func MageTargets(path string) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	namespaces := map[string]bool{}
	var aliases []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, s := range g.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				if sel, ok := s.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Namespace" && ast.IsExported(s.Name.Name) {
					namespaces[s.Name.Name] = true
				}
			case *ast.ValueSpec:
				aliases = append(aliases, aliasKeys(s)...)
			}
		}
	}
	targets := aliases
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || !fn.Name.IsExported() {
			continue
		}
		if fn.Recv == nil {
			targets = append(targets, strings.ToLower(fn.Name.Name))
			continue
		}
		recv := fn.Recv.List[0].Type
		if star, ok := recv.(*ast.StarExpr); ok {
			recv = star.X
		}
		if id, ok := recv.(*ast.Ident); ok && namespaces[id.Name] {
			targets = append(targets, strings.ToLower(id.Name+":"+fn.Name.Name))
		}
	}
	if len(targets) == 0 {
		return nil, fmt.Errorf("%s: no mage targets (exported functions or mg.Namespace methods)", path)
	}
	return targets, nil
}

// mageCall matches "go tool mage" and the rest of its command: up to the end of the line, a shell
// operator, a comment or a closing quote or backtick.
var mageCall = regexp.MustCompile("go tool mage\\b([^\n&|;#`\"']*)")

// aliasKeys returns the keys of "var Aliases = map[string]any{...}", lower case.
func aliasKeys(v *ast.ValueSpec) []string {
	var keys []string
	for i, name := range v.Names {
		if name.Name != "Aliases" || i >= len(v.Values) {
			continue
		}
		lit, ok := v.Values[i].(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.BasicLit); ok && k.Kind == token.STRING {
					keys = append(keys, strings.ToLower(strings.Trim(k.Value, "`\"")))
				}
			}
		}
	}
	return keys
}

// mageValueFlags are mage's flags that take a value before the target names (mage -h).
var mageValueFlags = map[string]bool{"-t": true, "-d": true, "-w": true, "-gocmd": true, "-goos": true, "-goarch": true, "-ldflags": true, "-compile": true}

// MageCalls returns, lower case, every target named after "go tool mage" in text: the words that
// follow it, skipping mage's own flags (-v, -t 10m, ...) before the first target and stopping at the
// end of the command (a shell operator, a comment, a closing quote or backtick). A word starting
// with "-" after a target is returned as it is: mage would take it for a target name, so the caller's
// check against the real targets reports it.
func MageCalls(text string) []string {
	var calls []string
	for _, m := range mageCall.FindAllStringSubmatch(text, -1) {
		words := strings.Fields(m[1])
		sawTarget := false
		for i := 0; i < len(words); i++ {
			w := words[i]
			if strings.HasPrefix(w, "-") && !sawTarget {
				if mageValueFlags[w] {
					i++
				}
				continue
			}
			end := strings.IndexFunc(w, func(r rune) bool {
				return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == ':' || (r == '-' && sawTarget))
			})
			if end == 0 {
				break
			}
			sawTarget = true
			if end > 0 {
				calls = append(calls, strings.ToLower(w[:end]))
				break
			}
			calls = append(calls, strings.ToLower(w))
		}
	}
	return calls
}
