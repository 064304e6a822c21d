package matrix

import (
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
