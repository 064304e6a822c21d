package matrix

import "github.com/deflatelab/deflatelab/matrix/host"

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

	OK         bool         `json:"ok"`
	Error      string       `json:"error,omitempty"`
	ExitStatus int          `json:"exitStatus,omitempty"`
	StderrTail string       `json:"stderrTail,omitempty"`
	WallNs     int64        `json:"wallNs"` // wall time of the whole host process, for harness overhead
	Result     *host.Result `json:"result,omitempty"`
}
