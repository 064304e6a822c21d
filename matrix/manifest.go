package matrix

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Manifest is run.json: what a results directory holds and how it was made. It is rewritten (atomically)
// when a run starts, resumes and ends.
type Manifest struct {
	Run     string            `json:"run"` // shared by every sample of the run, kept across -resume
	Profile string            `json:"profile"`
	Plan    Plan              `json:"plan"`
	Hosts   map[string]string `json:"hosts"`    // variant -> host binary
	Commits map[string]string `json:"commits"`  // variant -> the commit its host was built from
	Timeout string            `json:"timeout"`  // per sample
	Command [][]string        `json:"commands"` // the command line of the run and of each resume
	Start   time.Time         `json:"start"`    //
	Resumed []time.Time       `json:"resumed,omitempty"`
	End     time.Time         `json:"end,omitzero"`
	Status  string            `json:"status"` // running, complete, interrupted, mismatch, error
	Error   string            `json:"error,omitempty"`
	Samples int               `json:"samples"`           // recorded, OK or not
	Failed  int               `json:"failed"`            // recorded samples that are not OK
	Planned int               `json:"planned"`           // what the plan takes
	Harness *Harness          `json:"harness,omitempty"` // the loop's own cost per operation, at (re)start
	// Emulated is the emulator command every host ran under (lab bench -exec), empty for a native run;
	// each sample records it too. An emulated run is a functional check, not a timing.
	Emulated string `json:"emulated,omitempty"`
	// Stopping is the adaptive stopping rule the run used; empty for the fixed design.
	Stopping string `json:"stopping,omitempty"`
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
	// Unstable lists the candidates whose comparison the regime detector flagged at the last decision.
	Unstable []string `json:"unstable,omitempty"`
	// Classes are the adaptive rule's states of the cell's comparisons, by candidate (faster, slower,
	// equivalent, or "" undecided).
	Classes map[string]string `json:"classes,omitempty"`
}

// Complete reports whether the run finished its plan: complete, with every planned sample recorded, or
// - an adaptive or re-sampled run, whose samples can be fewer or more than planned - every cell closed.
func (m Manifest) Complete() bool {
	return m.Status == StatusComplete && (m.Samples >= m.Planned || allClosed(m.Cells))
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
)

// ReadManifest reads dir/run.json.
func ReadManifest(dir string) (Manifest, error) {
	var m Manifest
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("matrix: %s: %w", filepath.Join(dir, ManifestFile), err)
	}
	return m, nil
}

func (m Manifest) write(dir string) error {
	return writeFileAtomic(filepath.Join(dir, ManifestFile), func(f *os.File) error {
		enc := json.NewEncoder(f)
		enc.SetIndent("", "  ")
		return enc.Encode(m)
	})
}

// Reconcile makes m (read from dir) say what dir holds, for a reader such as the report: the counts
// come from the screened samples on disk (kept, and findings' superseded attempts), and a run still
// "running" whose lock no runner holds was killed, so it is interrupted. It changes m only, never dir.
func (m *Manifest) Reconcile(dir string, kept []Sample, findings []Finding) {
	m.Samples, m.Failed, m.Superseded = countKept(kept, findings)
	if m.Status != StatusRunning {
		return
	}
	held, h, _, err := LockState(dir)
	if err != nil || held {
		return
	}
	m.Status = StatusInterrupted
	m.Error = "killed: the runner stopped without closing run.json"
	if h.PID != 0 {
		m.Error = fmt.Sprintf("killed: the runner (%s) stopped without closing run.json", h)
	}
}
