package hostbin

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestPath(t *testing.T) {
	tests := []struct{ goos, variant, want string }{
		{"linux", "pooled", filepath.Join("bin", "linux-arm64", "host-pooled")},
		{"windows", "splitalloc", filepath.Join("bin", "linux-arm64", "host-splitalloc.exe")},
		{"linux", "control@layout=45", filepath.Join("bin", "linux-arm64", "host-control-layout45")},
		{"windows", "control@layout=45", filepath.Join("bin", "linux-arm64", "host-control-layout45.exe")},
	}
	for _, tt := range tests {
		if got := Path(Dir("bin", "linux", "arm64"), tt.goos, tt.variant); got != tt.want {
			t.Errorf("Path(%s, %s) = %s, want %s", tt.goos, tt.variant, got, tt.want)
		}
	}
}

func TestBuildRejectsUnknownVariant(t *testing.T) {
	dir := t.TempDir()
	for _, vs := range [][]string{nil, {"control", "bogus"}, {"control@layout=0"}, {"bogus@layout=3"}, {"control@layout=03"}} {
		err := Build(context.Background(), "linux", "amd64", dir, vs, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprint(Variants())) {
			t.Errorf("Build(%v) = %v, want an error listing the variants", vs, err)
		}
	}
}

// A layout build links with the linker's shuffle and says its seed; the others link as before.
func TestLdflagsFor(t *testing.T) {
	if got := ldflagsFor("-s -w", 0); got != "-s -w" {
		t.Errorf("no layout: %q", got)
	}
	if got := ldflagsFor("-s -w", 45); got != "-s -w -randlayout=45 -X github.com/deflatelab/deflatelab/matrix/host.layout=45" {
		t.Errorf("layout 45: %q", got)
	}
	if hs := Hosts(); hs[len(hs)-1] != "control@layout=45" || len(hs) != len(Variants())+1 {
		t.Errorf("Hosts() = %v, want the variants and aa's control@layout=45", hs)
	}
}

// The commit stamp is "-dirty" only for changes to the code: the files the lab itself writes
// (results/, reports/, bin/) do not count, or every "mage matrix" would stamp the next run dirty.
func TestGitRevisionIgnoresGeneratedPaths(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	write := func(rel, content string) {
		t.Helper()
		p := filepath.Join(repo, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q")
	for _, f := range []string{"main.go", "reports/README.md", "results/keep", "bin/keep", "cmd/results.go"} {
		write(f, "v1\n")
	}
	git("add", "-A")
	git("commit", "-q", "-m", "one")
	head := git("rev-parse", "HEAD")
	sub := filepath.Join(repo, "cmd") // the go command may run in a subdirectory

	steps := []struct {
		change string
		want   string
	}{
		{"", head},
		{"reports/README.md", head},
		{"results/keep", head},
		{"bin/keep", head},
		{"cmd/results.go", head + "-dirty"}, // a source file whose name merely starts like a generated path
		{"main.go", head + "-dirty"},
	}
	for _, st := range steps {
		if st.change != "" {
			write(st.change, "v2\n")
		}
		for _, dir := range []string{repo, sub} {
			if got := gitRevision(context.Background(), dir); got != st.want {
				t.Errorf("after changing %q, in %s: gitRevision = %q, want %q", st.change, dir, got, st.want)
			}
		}
		if st.change != "" && !strings.HasSuffix(st.want, "-dirty") {
			git("checkout", "--", st.change)
		}
	}
}
