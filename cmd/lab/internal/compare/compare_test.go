package compare

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

func TestCompare(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	write := func(name string, gen matrix.Generation, verdict stats.Class, est float64) string {
		dir := filepath.Join(t.TempDir(), name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		c := stats.Cells{Version: stats.CellsVersion, Control: "control", ZlibNG: gen, Records: []stats.CellRecord{{
			Platform: "linux/amd64", Backend: "libc", Workload: "fixed", DOP: 4, Phase: "warm", Candidate: "splitalloc",
			Metric: stats.Elapsed.Name, Verdict: verdict, Estimate: f(est), AdjLo: f(est - 1.5), AdjHi: f(est + 1.5), Oversubscribed: true,
		}}}
		var b bytes.Buffer
		if err := stats.WriteCells(&b, c); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, stats.CellsFile), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	old, new := write("old", "", stats.Inconclusive, 1), write("new", "2.2.5", stats.Slower, 5)
	var out bytes.Buffer
	if err := Run(context.Background(), Options{Old: old, New: new}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"old (zlib-ng 2.2.2 (no generation recorded)) against new (zlib-ng 2.2.5)",
		"the same verdict in 0, another in 1",
		"| splitalloc | libc | fixed/4‡ | warm | inconclusive +1 [-0.5, +2] | slower +5 [+4, +6] |",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if err := Run(context.Background(), Options{Old: old, New: t.TempDir()}, io.Discard); err == nil || !strings.Contains(err.Error(), stats.CellsFile) {
		t.Errorf("a folder without cells.json: %v, want an error naming it", err)
	}
}
