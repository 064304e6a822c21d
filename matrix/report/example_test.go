package report_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix/report"
)

// Render a report from results files and read its line in the reports index.
func ExampleRun() {
	out, err := os.MkdirTemp("", "reports")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(out)
	o := report.Options{In: []string{"testdata/results-windows-amd64.jsonl"}, Out: out, Name: "example", Date: time.Date(2026, 11, 30, 3, 15, 0, 0, time.UTC)}
	if err := report.Run(context.Background(), o, io.Discard); err != nil {
		fmt.Println(err)
		return
	}
	index, _ := os.ReadFile(filepath.Join(out, "README.md"))
	_, entry, _ := strings.Cut(string(index), "\n- ")
	fmt.Print("- " + entry)
	// Output:
	// - 2026-11-30 03:15 · [Cold and warm cost of the deflatelab candidates](example/README.md) · windows/amd64
	//   - pooled on windows/amd64/privateheap - warm: fixed -44% · ‡ -45%; mixed +27% - cold: fixed +2% · ‡ ~; mixed ~
	//   - splitalloc on windows/amd64/privateheap - warm: fixed -27% · ‡ -28%; mixed -16% - cold: fixed +31% · ‡ +33%; mixed +31%
}
