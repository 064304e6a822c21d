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
	lines := strings.Split(strings.TrimSpace(string(index)), "\n")
	for _, field := range strings.Split(lines[len(lines)-1], " · ") {
		fmt.Println(strings.ReplaceAll(field, "; ", ";\n  "))
	}
	// Output:
	// - 2026-11-30 03:15
	// [Cold and warm cost of the deflatelab candidates](example/README.md)
	// windows/amd64
	// pooled on windows/amd64/privateheap: warm ~ (faster in 2 cells, slower in 1 cell), cold 2% slower;
	//   splitalloc on windows/amd64/privateheap: warm 26% faster, cold 32% slower
}
