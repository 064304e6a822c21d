package matrix

import (
	"fmt"
	"strings"
)

// String names a cell the way the benchmark format does, without the variant:
// workload=fixed/dop=8/phase=cold/backend=libc.
func (c Cell) String() string {
	return fmt.Sprintf("workload=%s/dop=%d/phase=%s/backend=%s", c.Workload, c.DOP, c.Phase, c.Backend)
}

// BenchName is the Go benchmark name of variant's samples in c, without the "Benchmark" prefix:
// Deflate/workload=fixed/dop=8/phase=cold/backend=libc/variant=pooled:8. A "/" in the variant (pooled/8)
// becomes ":", because "/" separates the name's key=value parts.
func (c Cell) BenchName(variant string) string {
	return "Deflate/" + c.String() + "/variant=" + strings.ReplaceAll(variant, "/", ":")
}

// SampleKey identifies a sample within a run: what -resume skips when it is already recorded.
type SampleKey struct {
	Cell    Cell
	Round   int
	Variant string
}

// KeyOf is s's SampleKey.
func KeyOf(s Sample) SampleKey { return SampleKey{s.Cell, s.Round, s.Variant} }
