package hostresult

// Phases: which operations of the process are measured.
const (
	Cold = "cold" // the first Ops operations of the process
	Warm = "warm" // Ops operations after Warmup unmeasured ones
)

// The seeds' protocol.
const (
	DefaultColdOps = 3000  // "cold runs measure 3,000 operations"
	DefaultWarmOps = 20000 // "warm runs measure 20,000 operations after warm-up"
	DefaultWarmup  = 2000  // "2,000 warm-up operations"
)

// Phases lists the phases, cold first.
func Phases() []string { return []string{Cold, Warm} }

// FirstOps is how many of each worker's first measured operations keep their exact duration: 256 covers
// every warm-up the timeline has shown (control settles within tens of operations) in 2 KiB per worker.
const FirstOps = 256

// Calibration defaults: 20,000 no-op operations take about 2 ms here, five repeats keep the run start
// cheap while the median of five shrugs off one preempted repeat.
const (
	DefaultCalibrationOps     = 20000
	DefaultCalibrationRepeats = 5
)

// Calibration is the harness's own cost per operation: the measured loop at DOP 1 around a no-op
// compressor that writes a fixed output (the size of a real one) into the sink. It holds everything the
// loop adds to a real operation - the shared counter, the configuration, the processor read, the sink's
// copy and output check, the clock read, the timeline and the first operations' durations - and no
// compression.
type Calibration struct {
	NsPerOp     float64 `json:"nsPerOp"`     // median over the repeats of elapsed / ops
	Ops         int     `json:"ops"`         // operations per repeat
	Repeats     int     `json:"repeats"`     //
	OutputBytes int     `json:"outputBytes"` // what each no-op operation writes
	// Processor is how the loop read each operation's processor (procstat.ProcessorMethod), a part of
	// NsPerOp whose cost depends on it; empty in calibrations older than the processor counters.
	Processor string `json:"processor,omitempty"`
}
