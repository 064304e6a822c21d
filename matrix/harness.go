package matrix

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// Harness is the run's record of the measured loop's own cost per operation, measured at run start by a
// host (cmd/host -calibrate: a no-op compressor through the same loop, see host.Calibrate), so that a
// report can set it beside the fastest variant's operation.
type Harness struct {
	hostresult.Calibration
	Variant  string    `json:"variant"` // the host binary that measured it
	Measured time.Time `json:"measured"`
}

// calibrateHost runs path -calibrate with the plan's payload and the fixed workload, under emulator
// when one is given (see hostCommand).
func calibrateHost(ctx context.Context, emulator []string, path, variant string, plan Plan, env []string) (*Harness, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	out, err := hostOutput(ctx, emulator, path, []string{"-calibrate", "-variant", variant, "-workload", "fixed",
		"-backend", plan.Backends[0], "-payload-seed", fmt.Sprint(plan.PayloadSeed),
		"-payload-size", fmt.Sprint(plan.PayloadSize), "-payload-random", fmt.Sprint(plan.PayloadRandom)}, env)
	if errors.Is(err, errInterrupted) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("matrix: measuring the harness: %s -calibrate: %w", path, err)
	}
	h := &Harness{Variant: variant, Measured: time.Now().UTC()}
	if err := json.Unmarshal(out, &h.Calibration); err != nil || h.NsPerOp <= 0 {
		return nil, fmt.Errorf("matrix: measuring the harness: %s -calibrate printed %q (%v); want a positive nsPerOp", path, out, err)
	}
	return h, nil
}
