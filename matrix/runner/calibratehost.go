package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
)

// calibrateHost runs path -calibrate with the plan's payload and the fixed workload, under emulator
// when one is given (see hostCommand).
func calibrateHost(ctx context.Context, emulator []string, path, variant string, plan matrix.Plan, env []string) (*matrix.Harness, error) {
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
	h := &matrix.Harness{Variant: variant, Measured: time.Now().UTC()}
	if err := json.Unmarshal(out, &h.Calibration); err != nil || h.NsPerOp <= 0 {
		return nil, fmt.Errorf("matrix: measuring the harness: %s -calibrate printed %q (%v); want a positive nsPerOp", path, out, err)
	}
	return h, nil
}
