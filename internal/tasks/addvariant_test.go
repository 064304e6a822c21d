package tasks

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/hostbin"
	"github.com/deflatelab/deflatelab/variants"
)

// addingAVariant is where a failure of TestAddingAVariant sends the reader.
const addingAVariant = "docs/ARCHITECTURE.md, \"Adding a variant\""

// modulePath is this module's import path, the prefix of every package go list names.
const modulePath = "github.com/deflatelab/deflatelab"

// TestAddingAVariant checks, for every variant in the registry (variants.Names, which variants/all
// fills), each place docs/ARCHITECTURE.md's "Adding a variant" names: the variant's own package under
// variants/, linked by variants/all; its cmd/host/link_<name>.go, so that a host built with the tag
// variant_<name> links that variant and no other (and an untagged build links control alone); its
// package in the race set; its name in docs/USAGE.md's options table and the architecture map. Everything
// else (hostbin's list, the plans' candidates, the profiles and their balanced round counts, the
// equality suite, the tests' counts) comes from the registry. It also finds a variant package that
// registers itself but that variants/all does not link, which the registry alone cannot see.
func TestAddingAVariant(t *testing.T) {
	needGo(t)
	root := filepath.Join("..", "..")
	names := variants.Names()
	if !slices.Equal(hostbin.Variants(), names) {
		t.Errorf("hostbin.Variants() = %v, the registry %v; see %s", hostbin.Variants(), names, addingAVariant)
	}
	fail := func(name, format string, args ...any) {
		t.Helper()
		t.Errorf("variant %s: %s; see %s", name, fmt.Sprintf(format, args...), addingAVariant)
	}

	// Every package under variants/ that registers a variant is linked by variants/all.
	linked := goListDeps(t, root, "", "./variants/all")
	dirs, err := os.ReadDir(filepath.Join(root, "variants"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		pkg := modulePath + "/variants/" + d.Name()
		if registers(t, filepath.Join(root, "variants", d.Name())) && !slices.Contains(linked, pkg) {
			fail(d.Name(), "package %s calls variants.Register but variants/all does not import it", pkg)
		}
	}

	readme := readText(t, filepath.Join(root, "docs", "USAGE.md")) // the options table
	arch := readText(t, filepath.Join(root, "docs", "ARCHITECTURE.md"))
	optionsRow := ""
	for _, l := range strings.Split(readme, "\n") {
		if strings.HasPrefix(l, "| `"+EnvVariants+"`") {
			optionsRow = l
		}
	}
	for _, name := range names {
		pkg := modulePath + "/variants/" + name
		if !slices.Contains(linked, pkg) {
			fail(name, "its package is not %s (a variant's package is variants/<name>)", pkg)
		}
		// The host: link_<name>.go carries the variant under the tag variant_<name>.
		link := filepath.Join(root, "cmd", "host", "link_"+name+".go")
		src, err := os.ReadFile(link)
		if err != nil {
			fail(name, "no %s: %v", link, err)
			continue
		}
		if !regexp.MustCompile(`(?m)^const linked = "` + regexp.QuoteMeta(name) + `"$`).Match(src) {
			fail(name, "%s does not say const linked = %q", link, name)
		}
		got := variantPackages(goListDeps(t, root, "variant_"+name, "./cmd/host"))
		if !slices.Equal(got, []string{pkg}) {
			fail(name, "a host built with -tags variant_%s links %v, want %s alone (the build constraints of cmd/host/link_*.go: link_control.go's names every other variant)", name, got, pkg)
		}
		if !slices.Contains(RacePackages, "./variants/"+name) {
			fail(name, "./variants/%s is not in RacePackages", name)
		}
		if !strings.Contains(optionsRow, "`"+name+"`") {
			fail(name, "docs/USAGE.md's options table row for %s does not name it", EnvVariants)
		}
		if !strings.Contains(arch, "  "+name+"/ ") {
			fail(name, "docs/ARCHITECTURE.md's map of packages does not list variants/%s/", name)
		}
	}
	if got := variantPackages(goListDeps(t, root, "", "./cmd/host")); !slices.Equal(got, []string{modulePath + "/variants/control"}) {
		t.Errorf("a host built without a variant tag links %v, want control alone; see %s", got, addingAVariant)
	}
}

// goListDeps lists the packages pkg depends on, itself included, built with tags.
func goListDeps(t *testing.T, root, tags, pkg string) []string {
	t.Helper()
	args := []string{"list", "-deps"}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.Command("go", append(args, pkg)...)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v", strings.Join(append(args, pkg), " "), err)
	}
	return strings.Fields(string(out))
}

// variantPackages keeps the variant packages of a package list: those directly under variants/, but
// for variants/all and the test helpers.
func variantPackages(pkgs []string) []string {
	var out []string
	for _, p := range pkgs {
		rest, ok := strings.CutPrefix(p, modulePath+"/variants/")
		if ok && !strings.Contains(rest, "/") && rest != "all" && rest != "varianttest" {
			out = append(out, p)
		}
	}
	return out
}

// registers says whether a package directory's non-test Go files call variants.Register.
func registers(t *testing.T, dir string) bool {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		if strings.Contains(readText(t, f), "variants.Register(") {
			return true
		}
	}
	return false
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
