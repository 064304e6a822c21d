package report_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/report"
)

// Render a report from results files and read its line in the reports index.
func ExampleMain() {
	out, err := os.MkdirTemp("", "reports")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(out)
	os.Unsetenv("GITHUB_STEP_SUMMARY")
	args := []string{"-in", "testdata/results-windows-amd64.jsonl", "-out", out, "-name", "example", "-date", "2026-11-30T03:15:00Z"}
	if err := report.Main(context.Background(), args, io.Discard, os.Stderr); err != nil {
		fmt.Println(err)
		return
	}
	index, _ := os.ReadFile(filepath.Join(out, "README.md"))
	_, entry, _ := strings.Cut(string(index), "\n- ")
	fmt.Print("- " + entry)
	// Output:
	// - 2026-11-30 03:15 · [Cold and warm cost of the deflatelab candidates](example/README.md) · windows/amd64
	//   - pooled on windows/amd64/privateheap: warm: faster in 2 of 3 (fixed/8‡ -45%, fixed/1 -44%), slower in 1 of 3 (mixed/4 +27%); cold: slower in 1 of 3 (fixed/1 +2%), ~ in 2 of 3 (1 with too few pairs)
	//   - splitalloc on windows/amd64/privateheap: warm: faster in all 3, typical -24% (fixed/8‡ -28%, fixed/1 -27%, mixed/4 -16%); cold: slower in all 3, typical +32% (fixed/8‡ +33%, mixed/4 +31%, fixed/1 +31%)
}
