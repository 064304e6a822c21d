package workflows

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestMageList compiles magefile.go with mage itself (go build and go vet never see it: it is behind
// the mage build tag), and checks that the compiled targets list exactly what MageTargets finds,
// aliases aside, each with a doc line.
func TestMageList(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the magefile")
	}
	// "mage -l" only parses; "-compile" type-checks and links the targets, as running one would.
	bin := filepath.Join(t.TempDir(), "mage-targets")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	compile := exec.Command("go", "tool", "mage", "-compile", bin)
	compile.Dir = root
	if out, err := compile.CombinedOutput(); err != nil {
		t.Fatalf("go tool mage -compile: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "-l").CombinedOutput()
	if err != nil {
		t.Fatalf("%s -l: %v\n%s", bin, err, out)
	}
	var listed []string
	_, after, ok := strings.Cut(string(out), "Targets:\n")
	if !ok {
		t.Fatalf("go tool mage -l printed no target list:\n%s", out)
	}
	for _, line := range strings.Split(after, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			listed = append(listed, strings.TrimSuffix(f[0], "*")) // "*" marks mage's default target
		}
	}
	targets, err := MageTargets(root + "/magefile.go")
	if err != nil {
		t.Fatal(err)
	}
	targets = slices.DeleteFunc(targets, func(t string) bool { return t == "validate" || t == "bench" }) // the aliases
	slices.Sort(listed)
	slices.Sort(targets)
	if !slices.Equal(listed, targets) {
		t.Errorf("go tool mage -l lists %q; magefile.go parses to %q", listed, targets)
	}
	for _, line := range strings.Split(after, "\n") {
		if f := strings.Fields(line); len(f) == 1 {
			t.Errorf("target %q has no doc comment, so mage -l says nothing about it", f[0])
		}
	}
}
