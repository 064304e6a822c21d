package host

import (
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// What a host prints, defined in hostresult so that readers of results need not link the engine; these
// names keep the host's own code and cmd/host reading as before.
type (
	Result      = hostresult.Result
	Env         = hostresult.Env
	Counters    = hostresult.Counters
	Counter     = hostresult.Counter
	Calibration = hostresult.Calibration
	Service     = hostresult.Service
	Probe       = hostresult.Probe
	Description = hostresult.Description
	Generation  = hostresult.Generation
)

const (
	Cold                      = hostresult.Cold
	Warm                      = hostresult.Warm
	DefaultColdOps            = hostresult.DefaultColdOps
	DefaultWarmOps            = hostresult.DefaultWarmOps
	DefaultWarmup             = hostresult.DefaultWarmup
	DefaultCalibrationOps     = hostresult.DefaultCalibrationOps
	DefaultCalibrationRepeats = hostresult.DefaultCalibrationRepeats
	FirstOps                  = hostresult.FirstOps
	MaxDOP                    = hostresult.MaxDOP
	MaxBins                   = hostresult.MaxBins
	BusyDefinition            = hostresult.BusyDefinition
)

// Phases lists the phases, cold first.
func Phases() []string { return hostresult.Phases() }

// count returns a pointer to v, for a counter that was measured.
func count(v int64) *int64 { return &v }

// Bin is the timeline bin of the operation with 0-based index i (see hostresult.Bin).
func Bin(i int) int { return hostresult.Bin(i) }

// Bins is the number of bins a phase of ops operations fills (see hostresult.Bins).
func Bins(ops int) int { return hostresult.Bins(ops) }
