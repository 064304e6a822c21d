package report

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRenderExample renders the committed example report from its raw data, what `lab report`
// does with it; each iteration renders afresh (the label-swap calibration's memo is cleared). Profile a
// rendering with
//
//	go test ./matrix/report -run '^$' -bench RenderExample -benchtime 1x -cpuprofile /tmp/cpu.out
//	go tool pprof -top /tmp/cpu.out
func BenchmarkRenderExample(b *testing.B) {
	dir := committedReport(b, exampleProfile)
	in, _ := filepath.Glob(filepath.Join(dir, "raw", "*"))
	for b.Loop() {
		calibrations.Clear()
		out := b.TempDir()
		if _, err := Render(Options{In: in, Out: out, Name: "example"}); err != nil {
			b.Fatal(err)
		}
		os.RemoveAll(out)
	}
}
