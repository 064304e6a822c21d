package tasks

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// TestBuildKeepsUnchangedOutputs builds this platform's hosts twice with nothing changed between: the
// second build must leave every output as it was, modification time included (go build -o and go test
// -c -o set it to now even when they rewrite nothing). Build's zpipe and test binaries go through the
// same keepTimes; the hosts alone keep this test short.
func TestBuildKeepsUnchangedOutputs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the hosts")
	}
	root := t.TempDir()
	t.Chdir("../..") // the module root, where Build runs
	s := Streams{Stdout: io.Discard, Stderr: io.Discard, Quiet: true}
	build := func() error { return buildHostsInto(context.Background(), s, root, runtime.GOOS, runtime.GOARCH) }
	if err := build(); err != nil {
		t.Fatal(err)
	}
	before := modTimes(t, root)
	if len(before) < 3 {
		t.Fatalf("the first build made %d files, want a host per variant", len(before))
	}
	time.Sleep(20 * time.Millisecond) // so that a touched file's time would differ
	if err := build(); err != nil {
		t.Fatal(err)
	}
	after := modTimes(t, root)
	for p, m := range before {
		if !after[p].Equal(m) {
			t.Errorf("%s: modified at %v by a build with nothing changed (was %v)", p, after[p], m)
		}
	}
}

func modTimes(t *testing.T, root string) map[string]time.Time {
	t.Helper()
	out := map[string]time.Time{}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			fi, err := d.Info()
			if err != nil {
				t.Fatal(err)
			}
			out[p] = fi.ModTime()
		}
		return nil
	})
	return out
}

// TestKeepTimes: an output go rewrote keeps its new time; one it only touched gets its old time back.
func TestKeepTimes(t *testing.T) {
	dir := t.TempDir()
	same, rewritten := filepath.Join(dir, "same"), filepath.Join(dir, "rewritten")
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, p := range []string{same, rewritten} {
		if err := os.WriteFile(p, []byte("build id A"), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, old, old)
	}
	before := stampFiles(dir)
	now := time.Now()
	os.Chtimes(same, now, now) // what go does to an up-to-date output
	os.WriteFile(rewritten, []byte("build id B"), 0o644)
	keepTimes(before)
	for _, tt := range []struct {
		path string
		want bool // old time back
	}{{same, true}, {rewritten, false}} {
		fi, err := os.Stat(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.ModTime().Equal(old); got != tt.want {
			t.Errorf("%s: modification time %v, old time back: %v, want %v", filepath.Base(tt.path), fi.ModTime(), got, tt.want)
		}
	}
}
