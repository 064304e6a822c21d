package workflows

import (
	"os/exec"
	"strings"
	"testing"
)

// forbiddenBelowStats are what the statistics and the report must not link (issue 36): the engine, the
// variants, the host loop and its binaries, the process and machine probes, and the runner. Each holds
// its sub-packages too. os/exec stands for any code that starts processes.
var forbiddenBelowStats = []string{
	"github.com/deflatelab/deflatelab/deflate",
	"github.com/deflatelab/deflatelab/nativemem",
	"github.com/deflatelab/deflatelab/variants",
	"github.com/deflatelab/deflatelab/matrix/host",
	"github.com/deflatelab/deflatelab/matrix/hostbin",
	"github.com/deflatelab/deflatelab/matrix/procstat",
	"github.com/deflatelab/deflatelab/matrix/affinity",
	"github.com/deflatelab/deflatelab/matrix/runner",
	"github.com/deflatelab/deflatelab/internal/lifeline",
	"os/exec",
}

// TestStatisticsLinkNoEngine holds the layering docs/ARCHITECTURE.md draws: what reads results (matrix's
// data, the statistics, the report) links none of what produces them, so that a change to the engine or
// the runner cannot change a verdict by an import, and the statistics build without either.
func TestStatisticsLinkNoEngine(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	for _, pkg := range []string{"./matrix", "./matrix/resultsdir", "./matrix/stats", "./matrix/report"} {
		cmd := exec.Command(goTool, "list", "-deps", pkg)
		cmd.Dir = root
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, f := range forbiddenBelowStats {
				if dep == f || strings.HasPrefix(dep, f+"/") {
					t.Errorf("%s links %s (go list -deps %s); docs/ARCHITECTURE.md, \"Packages\": it must not", pkg, dep, pkg)
				}
			}
		}
	}
}
