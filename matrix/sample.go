package matrix

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

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
// final line (a run killed, or stopped by a full disk, mid-write: no newline and no whole JSON value)
// is a *TornLineError, returned with the samples of the whole lines before it.
func ReadSamples(path string) ([]Sample, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Sample
	for line, rest := 1, data; len(rest) > 0; line++ {
		b, next, whole := bytes.Cut(rest, []byte{'\n'})
		rest = next
		if b = bytes.TrimSpace(b); len(b) == 0 {
			continue
		}
		var s Sample
		if err := json.Unmarshal(b, &s); err != nil {
			if !whole {
				return out, &TornLineError{Path: path, Line: line, Err: err}
			}
			return out, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		out = append(out, s)
	}
	return out, nil
}

// TornLineError is a results file whose last line was cut short while being written. The runner's
// -resume cuts it away and takes that sample again.
type TornLineError struct {
	Path string
	Line int
	Err  error
}

func (e *TornLineError) Error() string {
	return fmt.Sprintf("%s:%d: torn last line (the run stopped while writing it: %v); continue the run with: %s",
		e.Path, e.Line, e.Err, ResumeCommand(filepath.Dir(e.Path)))
}

func (e *TornLineError) Unwrap() error { return e.Err }
