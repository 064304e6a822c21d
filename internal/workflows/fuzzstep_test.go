package workflows

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestFuzzStep runs ci.yml's fuzz step under the shell GitHub gives it, with a stand-in go that prints
// go test's fuzz progress lines: a fuzz run that fails (a crasher found, a build error) fails the step
// through its tee and posts no notice, and a passing run's notice gives the execs and the time from
// go's own last progress line, not the -fuzztime asked for (issue 47 item 5: under the default shell,
// which has no pipefail, a failing run exited 0, and the notice always said "in 30 s").
func TestFuzzStep(t *testing.T) {
	st := stepNamed(t, parse(t, ".github/workflows/ci.yml"), "lint", "Fuzz")
	const progress = `echo "fuzz: elapsed: 0s, gathering baseline coverage: 0/4 completed"
echo "fuzz: elapsed: 3s, execs: 1200 (400/sec), new interesting: 1 (total: 5)"
echo "fuzz: elapsed: 12s, execs: 4812 (401/sec), new interesting: 2 (total: 6)"
`
	for _, tt := range []struct {
		name, goScript string
		fail           bool
		notice         string // a substring of the notice; "" with fail: no notice at all
	}{
		{name: "fuzz fails", goScript: progress + "echo '--- FAIL: FuzzRoundTrip'; exit 1\n", fail: true},
		{name: "build fails", goScript: "echo 'deflate/x.go:1: syntax error'; exit 1\n", fail: true},
		{name: "fuzz passes", goScript: progress + "echo PASS\n", notice: "FuzzRoundTrip: 4812 execs in 12 s (401/s)"},
		{name: "no progress line", goScript: "echo PASS\n", notice: "no progress line"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, "bin")
			fakeCommand(t, bin, "go", tt.goScript)
			out, err := runStep(t, st, dir, bin)
			if (err != nil) != tt.fail {
				t.Fatalf("fuzz step with a go that %s: error %v, want failure %v\n%s", tt.name, err, tt.fail, out)
			}
			notice := ""
			for _, l := range strings.Split(string(out), "\n") {
				if strings.HasPrefix(l, "::notice") {
					notice = l
				}
			}
			if tt.fail && notice != "" {
				t.Errorf("a failing fuzz run posted a notice: %s", notice)
			}
			if !tt.fail && !strings.Contains(notice, tt.notice) {
				t.Errorf("notice %q, want it to contain %q\n%s", notice, tt.notice, out)
			}
		})
	}
}
