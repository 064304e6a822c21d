package workflows

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/internal/tasks"
)

// namingDocs are the docs that describe the code as it is, so every identifier, lab flag and
// DEFLATELAB_* variable they name must exist. The notebook (docs/notebook, deflate/notes) records
// history, where names may be gone, and is not checked.
var namingDocs = []string{"docs/METHOD.md", "docs/ARCHITECTURE.md", "docs/USAGE.md", "README.md", "docs/FINDINGS.md"}

// otherFlags are flags the docs name that are not lab's: go test's, the hosts' (which the runner
// passes), zpipe's, the go command's and linker's that build aa's layout (-ldflags=-randlayout=N), and
// the placeholders the docs use for "a flag".
var otherFlags = []string{"race", "fuzzminimizetime", "cpus", "barrier", "calibrate", "describe", "wbits", "ldflags", "randlayout", "h", "flag"}

// exampleNames are names the docs show on purpose although nothing defines them: ARCHITECTURE's worked
// example of adding a run setting (-cool-down), and the misspelt variable USAGE shows being refused.
var exampleNames = []string{"cool-down", "DEFLATELAB_COOL_DOWN", "DEFLATELAB_PROFLE"}

// goDecls is what the module declares, by package name: top-level names, and each type's methods and
// fields (an alias or an embedded type lends its own).
type goDecls struct {
	names map[string]map[string]bool // package name -> top-level names
	types map[string][]*goType       // type name -> its declarations in every package
}

type goType struct {
	pkg     string
	members map[string]bool
	lends   [][2]string // (package name or "", type name) of an alias target or an embedded field
}

// moduleDecls parses every Go file of the module (build tags ignored: the union of all platforms).
func moduleDecls(t *testing.T) *goDecls {
	t.Helper()
	d := &goDecls{names: map[string]map[string]bool{}, types: map[string][]*goType{}}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := e.Name()
		if e.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "reports" ||
				name == "results" || name == "bin" || name == "reports-local") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		d.add(f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func (d *goDecls) add(f *ast.File) {
	pkg := f.Name.Name
	if d.names[pkg] == nil {
		d.names[pkg] = map[string]bool{}
	}
	typ := func(name string) *goType {
		for _, gt := range d.types[name] {
			if gt.pkg == pkg {
				return gt
			}
		}
		gt := &goType{pkg: pkg, members: map[string]bool{}}
		d.types[name] = append(d.types[name], gt)
		return gt
	}
	lent := func(e ast.Expr) [2]string {
		for {
			switch x := e.(type) {
			case *ast.StarExpr:
				e = x.X
			case *ast.IndexExpr: // a generic type's instance
				e = x.X
			case *ast.Ident:
				return [2]string{"", x.Name}
			case *ast.SelectorExpr:
				if p, ok := x.X.(*ast.Ident); ok {
					return [2]string{p.Name, x.Sel.Name}
				}
				return [2]string{}
			default:
				return [2]string{}
			}
		}
	}
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if decl.Recv == nil {
				d.names[pkg][decl.Name.Name] = true
			} else if len(decl.Recv.List) == 1 {
				if r := lent(decl.Recv.List[0].Type); r[1] != "" {
					typ(r[1]).members[decl.Name.Name] = true
				}
			}
		case *ast.GenDecl:
			for _, spec := range decl.Specs {
				switch s := spec.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						d.names[pkg][n.Name] = true
					}
				case *ast.TypeSpec:
					d.names[pkg][s.Name.Name] = true
					gt := typ(s.Name.Name)
					if st, ok := s.Type.(*ast.StructType); ok {
						for _, fld := range st.Fields.List {
							for _, n := range fld.Names {
								gt.members[n.Name] = true
							}
							if len(fld.Names) == 0 { // embedded: its name is a field, its members promoted
								if l := lent(fld.Type); l[1] != "" {
									gt.members[l[1]] = true
									gt.lends = append(gt.lends, l)
								}
							}
						}
					} else if it, ok := s.Type.(*ast.InterfaceType); ok {
						for _, m := range it.Methods.List {
							for _, n := range m.Names {
								gt.members[n.Name] = true
							}
						}
					} else if l := lent(s.Type); l[1] != "" { // an alias or a defined type over another
						gt.lends = append(gt.lends, l)
					}
				}
			}
		}
	}
}

// hasMember reports whether a type named typ (of package pkg, or of any package when pkg is "") has a
// method or field named member, through aliases and embedded fields.
func (d *goDecls) hasMember(pkg, typ, member string, depth int) bool {
	if depth > 8 {
		return false
	}
	for _, gt := range d.types[typ] {
		if pkg != "" && gt.pkg != pkg {
			continue
		}
		if gt.members[member] {
			return true
		}
		for _, l := range gt.lends {
			p := l[0]
			if p == "" {
				p = gt.pkg
			}
			if d.hasMember(p, l[1], member, depth+1) {
				return true
			}
		}
	}
	return false
}

// isType reports whether a package named pkg ("" for any) declares a type named name.
func (d *goDecls) isType(pkg, name string) bool {
	return slices.ContainsFunc(d.types[name], func(gt *goType) bool { return pkg == "" || gt.pkg == pkg })
}

var (
	fence      = regexp.MustCompile("(?ms)^```.*?^```")
	codeSpan   = regexp.MustCompile("`([^`\n]+)`")
	dottedName = regexp.MustCompile(`^([A-Za-z_]\w*)\.([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?(?:\(\))?$`)
	envName    = regexp.MustCompile(`\bDEFLATELAB_[A-Z0-9_]*[A-Z0-9]\b`)
	labCommand = regexp.MustCompile(`(?:^|\s)(?:go run \./cmd/lab|lab) ([a-z]+)((?: [^ ]+)*)`)
)

// fileLike are the endings that make a dotted name a file, not an identifier (run.json, bench.txt).
var fileLike = []string{"go", "json", "jsonl", "md", "txt", "test", "yml", "s", "sh", "R", "exe", "svg", "png", "csv", "log", "h", "c", "o", "a", "cs"}

// docNameProblems checks one doc's text against the module's declarations, lab's flags and the
// variables, returning a line per name that does not exist.
func docNameProblems(doc, text string, d *goDecls, labFlags map[string][]string, vars []string) []string {
	var problems []string
	known := func(flag string) bool {
		for _, fs := range labFlags {
			if slices.Contains(fs, flag) {
				return true
			}
		}
		return slices.Contains(otherFlags, flag) || slices.Contains(exampleNames, flag)
	}
	flagName := func(tok string) string {
		name, _, _ := strings.Cut(strings.TrimLeft(tok, "-"), "=")
		return name
	}
	isFlag := regexp.MustCompile(`^--?[a-z][a-z0-9-]*(=.*)?$`)
	checkCommand := func(line string) {
		for _, m := range labCommand.FindAllStringSubmatch(line, -1) {
			sub, rest := m[1], m[2]
			fs, ok := labFlags[sub]
			if !ok {
				if len(labFlags) > 0 && !slices.Contains([]string{"a", "the", "and", "of"}, sub) {
					problems = append(problems, doc+": names lab "+sub+", which is not a lab command")
				}
				continue
			}
			for _, tok := range strings.Fields(rest) {
				if isFlag.MatchString(tok) && !slices.Contains(fs, flagName(tok)) && flagName(tok) != "h" { // -h: the flag package's help
					problems = append(problems, doc+": names lab "+sub+" "+tok+", but lab "+sub+" has no flag -"+flagName(tok))
				}
			}
		}
	}
	for _, block := range fence.FindAllString(text, -1) {
		for _, line := range strings.Split(block, "\n") {
			checkCommand(line)
		}
	}
	for _, m := range codeSpan.FindAllStringSubmatch(fence.ReplaceAllString(text, ""), -1) {
		span := m[1]
		checkCommand(span)
		if tok, _, _ := strings.Cut(span, " "); isFlag.MatchString(tok) && !known(flagName(tok)) {
			problems = append(problems, doc+": names the flag "+tok+", which no lab command defines (nor otherFlags)")
		}
		n := dottedName.FindStringSubmatch(span)
		if n == nil || slices.Contains(fileLike, n[2]) {
			continue
		}
		first, second, third := n[1], n[2], n[3]
		if names, isPkg := d.names[first]; isPkg && first != "main" {
			switch {
			case !names[second]:
				problems = append(problems, doc+": names `"+span+"`, but no package "+first+" declares "+second)
			case third != "" && d.isType(first, second) && !d.hasMember(first, second, third, 0):
				problems = append(problems, doc+": names `"+span+"`, but "+first+"."+second+" has no method or field "+third)
			}
			continue
		}
		if third == "" && d.isType("", first) && !d.hasMember("", first, second, 0) {
			problems = append(problems, doc+": names `"+span+"`, but no type "+first+" has a method or field "+second)
		}
	}
	for _, v := range envName.FindAllString(text, -1) {
		if !slices.Contains(vars, v) && !slices.Contains(exampleNames, v) {
			problems = append(problems, doc+": names "+v+", which internal/tasks.Variables does not list")
		}
	}
	return problems
}

// labFlagSets reads every lab command's flags from its own -h, so the sets are lab's as built, however
// they are declared.
func labFlagSets(t *testing.T) map[string][]string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	bin := filepath.Join(t.TempDir(), "lab")
	build := exec.Command(goTool, "build", "-o", bin, "./cmd/lab")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/lab: %v\n%s", err, out)
	}
	usage, _ := exec.Command(bin).CombinedOutput()
	_, list, _ := strings.Cut(string(usage), "commands:\n")
	list, _, _ = strings.Cut(list, "\n\n")
	flagLine := regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`)
	sets := map[string][]string{}
	for _, line := range strings.Split(list, "\n") {
		sub, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		if sub == "" {
			continue
		}
		help, _ := exec.Command(bin, sub, "-h").CombinedOutput()
		sets[sub] = []string{} // a command without flags (pairnoise) is still a command
		for _, m := range flagLine.FindAllStringSubmatch(string(help), -1) {
			sets[sub] = append(sets[sub], m[1])
		}
	}
	if len(sets) < 8 {
		t.Fatalf("lab lists %d commands, want bench, merge, report and the others:\n%s", len(sets), usage)
	}
	return sets
}

// TestDocsNameTheCode holds the docs that describe the code as built to it (issue 47 item 2): every
// `pkg.Name`, `pkg.Type.Member` and `Type.Member` they name exists in the module, every flag of a `lab
// <command>` they show is that command's, every flag named alone is some lab command's, and every
// DEFLATELAB_* variable is one internal/tasks reads. A rename that leaves a doc behind fails here.
func TestDocsNameTheCode(t *testing.T) {
	d := moduleDecls(t)
	flags := labFlagSets(t)
	if !slices.Contains(flags["bench"], "pairing") || !slices.Contains(flags["report"], "in") {
		t.Fatalf("lab's flag sets as read from -h: %v", flags)
	}
	vars := tasks.Variables()
	checked := 0
	for _, doc := range namingDocs {
		text := read(t, doc)
		for _, p := range docNameProblems(doc, text, d, flags, vars) {
			t.Error(p)
		}
		checked += len(codeSpan.FindAllString(text, -1))
	}
	if checked < 500 {
		t.Errorf("only %d code spans in %v: the docs or the span pattern changed", checked, namingDocs)
	}
}

// TestDocNameProblems shows the checker failing on each kind of drift.
func TestDocNameProblems(t *testing.T) {
	d := &goDecls{names: map[string]map[string]bool{}, types: map[string][]*goType{}}
	src := `package stats
type Instances struct{ Moderated Moderated; Base }
type Base struct{ Split bool }
type Moderated struct{}
func (Moderated) SE() float64 { return 0 }
func Combine() {}
type Alias = Moderated
`
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	d.add(f)
	flags := map[string][]string{"bench": {"pairing", "rounds"}, "report": {"in"}}
	vars := []string{"DEFLATELAB_PROFILE"}
	for _, tt := range []struct {
		text string
		bad  bool
	}{
		{"`stats.Combine` and `Instances.Moderated` and `stats.Instances.Split` and `stats.Alias.SE`", false},
		{"`stats.Combined`", true},
		{"`stats.Instances.Pooled`", true},
		{"`Instances.Pooled`", true},
		{"`Unknown.Thing` (not a type of the module: not checked) and `run.json`", false},
		{"`lab bench -pairing duet -rounds 3`", false},
		{"`lab bench -pairs duet`", true},
		{"`lab report -pairing x`", true},
		{"```\ngo run ./cmd/lab bench -roundz 3\n```", true},
		{"`-pairing`, `-race`", false},
		{"`-pairng`", true},
		{"DEFLATELAB_PROFILE and DEFLATELAB_* alike", false},
		{"DEFLATELAB_PROFILES", true},
	} {
		if p := docNameProblems("doc", tt.text, d, flags, vars); (len(p) > 0) != tt.bad {
			t.Errorf("%q: problems %q, want some: %v", tt.text, p, tt.bad)
		}
	}
}
