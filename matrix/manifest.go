package matrix

import (
	"slices"
	"time"
)

// Manifest is run.json: what a results directory holds and how it was made. It is rewritten (atomically)
// when a run starts, resumes and ends.
type Manifest struct {
	Run string `json:"run"` // shared by every sample of the run, kept across -resume
	// Dir is the results folder the run was written to, as its first command gave it (slash-separated,
	// relative to where that command ran: the repository root for go run ./cmd/lab): resume commands
	// name it, never a copy (a report's raw folder). Empty in runs older than the field.
	Dir     string `json:"dir,omitempty"`
	Profile string `json:"profile"`
	Plan    Plan   `json:"plan"`
	// Hosts, Commits and Builds are keyed by host build (HostBuild): a host variant, with "@layout=N" for
	// one linked with layout seed N (AA's "control@layout=45"); in runs older than layouts, by host
	// variant alone, AA sharing control's.
	Hosts   map[string]string `json:"hosts"`   // host build -> the host binary the run pinned (copied to hosts/)
	Commits map[string]string `json:"commits"` // host build -> the commit its host was built from
	// Builds are the host builds' build ids (BuildID) as pinned at the run's start: every sample ran
	// that build and records it. Absent in runs older than pinning.
	Builds  map[string]string `json:"builds,omitempty"`
	Timeout string            `json:"timeout"`  // per sample
	Command [][]string        `json:"commands"` // the command line of the run and of each resume
	Start   time.Time         `json:"start"`    //
	Resumed []time.Time       `json:"resumed,omitempty"`
	End     time.Time         `json:"end,omitzero"`
	Status  string            `json:"status"` // running, complete, interrupted, mismatch, error
	Error   string            `json:"error,omitempty"`
	Samples int               `json:"samples"` // recorded, OK or not
	Failed  int               `json:"failed"`  // recorded samples that are not OK
	// Planned is what the plan takes, re-sampled cells' extra rounds included (Count's Planned).
	Planned int `json:"planned"`
	// Extra counts the planned samples in re-sampled cells' extra rounds (Count's Extra), absent without.
	Extra int `json:"extra,omitempty"`
	// Missing counts the planned samples of the rounds the cells took that are not recorded (a line lost
	// or renamed): a resume takes them. 0 in a complete run.
	Missing int      `json:"missing,omitempty"`
	Harness *Harness `json:"harness,omitempty"` // the loop's own cost per operation, at (re)start
	// Emulated is the emulator command every host ran under (lab bench -exec), empty for a native run;
	// each sample records it too. An emulated run is a functional check, not a timing.
	Emulated string `json:"emulated,omitempty"`
	// Stopping is the adaptive stopping rule the run used; empty for the fixed design.
	Stopping string `json:"stopping,omitempty"`
	// Alternating, in a duet run (Plan.Pairing), lists the cells that run alternating in every round or
	// in some, and why (Plan.DuetNotes); absent when every round is a duet, or in runs older than it.
	Alternating []PairingNote `json:"alternating,omitempty"`
	// Cells is each cell's rounds and why it closed, in plan order, rewritten after every batch; a resumed
	// run continues the open cells (ClosedBy "") from their Rounds. Absent in runs older than it: there
	// every cell takes the plan's rounds.
	Cells []CellRun `json:"cells,omitempty"`
	// Superseded counts failed samples that a retry (-retry-failed) replaced: still on disk, not analysed.
	Superseded int `json:"superseded,omitempty"`
	// Attempts are the invocations that ended, the run's and each resume's, in order. One that was killed
	// (kill -9, a lost machine) cannot say so itself: the next resume, finding its lock left behind,
	// records it as interrupted.
	Attempts []Attempt `json:"attempts,omitempty"`
	// Interleave is the run's order across cells (round by round, the cells of a round in a seeded
	// order); absent in runs older than it, whose cells ran their rounds back to back.
	Interleave *Interleave `json:"interleave,omitempty"`
	// Replica is which of K replicas of one plan this run is (lab bench -replica I/K), nil for a run
	// that is not one; Machine is the machine it ran on.
	Replica *Replica `json:"replica,omitempty"`
	Machine *Machine `json:"machine,omitempty"`
	// Instances, in a folder made by lab merge, are the run.json of each run merged (one runner
	// instance each), unchanged; the fields above then describe the merged folder (see Merge). Empty for
	// a folder one runner wrote.
	Instances []Manifest `json:"instances,omitempty"`
	// ZlibNGDescription names the zlib-ng generation the run's engine reproduces and the .NET it stands
	// for, "zlib-ng 2.2.5 (.NET 10 and later)" (GenerationWords of Plan.Generation), for a reader of
	// run.json; written with every run.json, absent in those written before the field.
	ZlibNGDescription string `json:"zlibngDescription,omitempty"`
}

// RunIDs are the run ids whose samples the folder holds: its instances' in a merged folder, else its own.
func (m Manifest) RunIDs() []string {
	if len(m.Instances) == 0 {
		return []string{m.Run}
	}
	var ids []string
	for _, in := range m.Instances {
		ids = append(ids, in.Run)
	}
	return ids
}

// Runs is the folder's runs, one manifest each: its instances in a merged folder, else itself.
func (m Manifest) Runs() []Manifest {
	if len(m.Instances) == 0 {
		return []Manifest{m}
	}
	return m.Instances
}

// Attempt is one invocation of the runner on a results directory and how it ended.
type Attempt struct {
	Start  time.Time `json:"start"`
	End    time.Time `json:"end,omitzero"` // zero for a killed invocation: nobody saw it end
	Status string    `json:"status"`
	Error  string    `json:"error,omitempty"`
}

// CellRun is one cell's rounds in run.json.
type CellRun struct {
	Cell   Cell `json:"cell"`
	Rounds int  `json:"rounds"` // rounds taken at the last decision
	// Running lists the candidates still taking rounds beside control (absent: all of them).
	Running  []string `json:"running,omitempty"`
	Base     int      `json:"base,omitempty"` // rounds when its own rule closed it; more are extra rounds
	ClosedBy string   `json:"closedBy"`       // planned, decided, futile, cap, resampled, unstable-cap; "" open
	// Batches are the cell's rounds as scheduled, with the candidates each ran (Count reads which
	// samples were planned from them). Absent in runs older than the record.
	Batches []Batch `json:"batches,omitempty"`
	// Unstable lists the candidates whose comparison the regime detector flagged at the last decision.
	Unstable []string `json:"unstable,omitempty"`
	// Classes are the adaptive rule's states of the cell's comparisons, by candidate (faster, slower,
	// equivalent, or "" undecided).
	Classes map[string]string `json:"classes,omitempty"`
	// Start and End are the cell's time span: its first sample's start and its last sample's end (zero
	// in runs older than sample start times). Interleaved, a cell spans most of the run.
	Start time.Time `json:"start,omitzero"`
	End   time.Time `json:"end,omitzero"`
}

// Complete reports whether the run finished its plan: complete, with no planned sample missing, and
// every planned sample recorded or - an adaptive or re-sampled run, whose samples can be fewer or more
// than planned - every cell closed. A merged folder is complete when every instance is.
func (m Manifest) Complete() bool {
	if len(m.Instances) > 0 {
		return !slices.ContainsFunc(m.Instances, func(in Manifest) bool { return !in.Complete() })
	}
	return m.Status == StatusComplete && m.Missing == 0 && (m.Samples >= m.Planned || allClosed(m.Cells))
}

// Extra is how many extra (re-sampling) rounds the cell took.
func (c CellRun) Extra() int {
	if c.Base == 0 {
		return 0
	}
	return c.Rounds - c.Base
}

// Manifest statuses.
const (
	StatusRunning     = "running"
	StatusComplete    = "complete"
	StatusInterrupted = "interrupted"
	StatusMismatch    = "mismatch"
	StatusError       = "error"
	StatusDiskFull    = "disk-full" // a sample could not be written: no space left; resume after freeing some
)

// allClosed reports whether a run's manifest has every cell closed (an adaptive or re-sampled run that
// finished: its samples can be fewer, or more, than planned).
func allClosed(cells []CellRun) bool {
	return len(cells) > 0 && !slices.ContainsFunc(cells, func(c CellRun) bool { return c.ClosedBy == "" })
}
