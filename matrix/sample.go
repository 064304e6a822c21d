package matrix

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/deflatelab/deflatelab/matrix/host"
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

	OK         bool         `json:"ok"`
	Error      string       `json:"error,omitempty"`
	ExitStatus int          `json:"exitStatus,omitempty"`
	StderrTail string       `json:"stderrTail,omitempty"`
	WallNs     int64        `json:"wallNs"` // wall time of the whole host process, for harness overhead
	Result     *host.Result `json:"result,omitempty"`

	// Emulated names the emulator the host ran under (the runner's -exec command), empty for a host that
	// ran natively. Such a sample proves the code path works and agrees; its timings are not the platform's.
	Emulated string `json:"emulated,omitempty"`
}

// ReadSamples reads a results file: one JSON Sample per line. A line that does not parse is an error
// naming the file and line, never skipped, because a report must not silently drop a sample. A torn
// final line (a run killed mid-write) is also reported, with its line number.
func ReadSamples(path string) ([]Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Sample
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var s Sample
		if err := json.Unmarshal(b, &s); err != nil {
			return out, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		out = append(out, s)
	}
	return out, sc.Err()
}
