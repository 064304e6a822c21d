package runner

import (
	"fmt"

	"github.com/deflatelab/deflatelab/matrix"
)

// hostArgs are the flags of job's host process.
func hostArgs(p matrix.Plan, j matrix.Job) []string {
	ops, warmup := p.Ops(j.Cell.Phase)
	variant, capacity, _ := matrix.ParseCandidate(j.Variant)
	args := []string{
		"-variant", variant, "-workload", j.Cell.Workload, "-dop", fmt.Sprint(j.Cell.DOP),
		"-phase", j.Cell.Phase, "-ops", fmt.Sprint(ops), "-warmup", fmt.Sprint(warmup),
		"-backend", j.Cell.Backend, "-payload-seed", fmt.Sprint(p.PayloadSeed),
		"-payload-size", fmt.Sprint(p.PayloadSize), "-payload-random", fmt.Sprint(p.PayloadRandom),
	}
	if capacity > 0 {
		args = append(args, "-pool-capacity", fmt.Sprint(capacity))
	}
	if p.ForceSplit {
		args = append(args, "-force-split")
	}
	if p.ZlibNG != "" { // a plan older than the field ran hosts that have no -zlibng: they ran 2.2.2
		args = append(args, "-zlibng", string(p.ZlibNG))
	}
	return args
}
