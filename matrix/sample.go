package matrix

import (
	"time"

	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// Cell is one point of the experiment: every variant is sampled in it, and compared within it.
type Cell struct {
	Platform string `json:"platform"` // goos/goarch
	Workload string `json:"workload"`
	DOP      int    `json:"dop"`
	Phase    string `json:"phase"`
	Backend  string `json:"backend"`
}

// Sample is one line of a results file: one fresh-process run of one variant in one cell and round.
// A failed sample keeps its place (OK false, Error, ExitStatus, StderrTail) and carries no Result.
type Sample struct {
	Run      string `json:"run"`      // run identifier, shared by every sample of one invocation
	Cell     Cell   `json:"cell"`     //
	Variant  string `json:"variant"`  //
	Round    int    `json:"round"`    // 0-based round index within the cell
	Position int    `json:"position"` // 0-based order of this variant within its round
	// Attempt is 0 for a sample's first take and n for its n-th retry (lab bench -resume -retry-failed);
	// the highest attempt counts and the earlier ones stay on disk, superseded (see Screen).
	Attempt int `json:"attempt,omitempty"`

	OK         bool               `json:"ok"`
	Error      string             `json:"error,omitempty"`
	ExitStatus int                `json:"exitStatus,omitempty"`
	StderrTail string             `json:"stderrTail,omitempty"`
	WallNs     int64              `json:"wallNs"` // wall time of the whole host process, for harness overhead
	Result     *hostresult.Result `json:"result,omitempty"`

	// Emulated names the emulator the host ran under (the runner's -exec command), empty for a host that
	// ran natively. Such a sample proves the code path works and agrees; its timings are not the platform's.
	Emulated string `json:"emulated,omitempty"`

	// Start is when the runner started the sample's host process (absent in runs older than it): with
	// WallNs, the sample's place in the run's time.
	Start time.Time `json:"start,omitzero"`
	// Build is the build id (BuildID) of the host binary that ran, pinned at the run's start; absent in
	// runs older than pinning.
	Build string `json:"build,omitempty"`
	// Layout is the link layout seed of that build (-randlayout; Plan.RoundLayout of Variant and Round:
	// matrix.Layout of Variant, AALayout for AA, unless the plan rotates through layouts), 0 for the
	// linker's own order and in runs older than layouts, where AA ran control's binary.
	Layout int64 `json:"layout,omitempty"`

	// Pairing is how the sample's round ran (Plan.Pairing): Duet (at the same time as Partner, the other
	// variant of its pair, pinned to Processors) or Alternating; absent in runs that chose no pairing.
	Pairing    string `json:"pairing,omitempty"`
	Partner    string `json:"partner,omitempty"`
	Processors string `json:"processors,omitempty"` // as affinity.Format writes them: "0", "2,3"
}
