package workflows

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestArchitectureMap holds docs/ARCHITECTURE.md's package map (its first code block: a top-level
// path per line, a child indented two spaces under it) to `go list ./...`: every package is named, and
// every path named is a package, as TestAddingAVariant holds the variant list (issue 37 item 9).
func TestArchitectureMap(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command(goTool, "list", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list ./...: %v", err)
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		if _, rel, ok := strings.Cut(p, "github.com/deflatelab/deflatelab/"); ok {
			pkgs = append(pkgs, rel)
		}
	}
	doc := read(t, filepath.Join("docs", "ARCHITECTURE.md"))
	_, block, _ := strings.Cut(doc, "```\n")
	block, _, _ = strings.Cut(block, "```")
	var named []string
	parent := ""
	for _, line := range strings.Split(block, "\n") {
		word, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		if !strings.HasSuffix(word, "/") {
			continue // a continuation line, or magefile.go
		}
		path := strings.TrimSuffix(word, "/")
		if strings.HasPrefix(line, "  ") {
			path = parent + "/" + path
		} else {
			parent = path
		}
		named = append(named, path)
	}
	seen := map[string]bool{}
	for _, n := range named {
		if seen[n] {
			t.Errorf("docs/ARCHITECTURE.md's package map names %s/ twice", n)
		}
		seen[n] = true
	}
	for _, p := range pkgs {
		if !slices.Contains(named, p) {
			t.Errorf("docs/ARCHITECTURE.md's package map does not name %s/", p)
		}
	}
	for _, n := range named {
		if !slices.Contains(pkgs, n) {
			t.Errorf("docs/ARCHITECTURE.md's package map names %s/, which go list ./... does not list", n)
		}
	}
}

// mainOutsideCmd is the one command allowed outside cmd/: the pinned mage that go.mod's tool line
// names, which runs the magefile's targets (orchestration, reached as `go tool mage`, never by path).
const mainOutsideCmd = "internal/mage"

// TestCommandsUnderCmd holds the tree's split (issue 47 item 6): a command - a main package - lives
// under cmd/; internal/ holds orchestration and leaf helpers.
func TestCommandsUnderCmd(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command(goTool, "list", "-f", "{{.ImportPath}} {{.Name}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list ./...: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, name, _ := strings.Cut(line, " ")
		_, rel, _ := strings.Cut(path, "github.com/deflatelab/deflatelab/")
		if name == "main" && !strings.HasPrefix(rel, "cmd/") && rel != mainOutsideCmd {
			t.Errorf("%s is a command (package main) outside cmd/: move it to cmd/%s", rel, filepath.Base(rel))
		}
	}
}
