package matrix

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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

	// Pairing is how the sample's round ran (Plan.Pairing): Duet (at the same time as Partner, the other
	// variant of its pair, pinned to Processors) or Alternating; absent in runs that chose no pairing.
	Pairing    string `json:"pairing,omitempty"`
	Partner    string `json:"partner,omitempty"`
	Processors string `json:"processors,omitempty"` // as affinity.Format writes them: "0", "2,3"
}

// ResultsFile is what a results file holds, line by line.
type ResultsFile struct {
	Path    string
	Samples []Sample  // the lines that parse, in order
	Lines   []int     // Lines[i] is the 1-based line Samples[i] was read from
	Bad     []Finding // the lines that do not parse (kind Unreadable), in order
	// Torn is the last line's number when it was cut short while being written (a run killed, or stopped
	// by a full disk, mid-write: no newline and no whole JSON value); 0 otherwise. It is in Bad too.
	Torn int
	// TornAt is the byte offset where a torn last line starts: -resume cuts the file there.
	TornAt int64
	// TornErr is why the torn line does not parse, for a TornLineError that says it once.
	TornErr error
}

// ReadResultsFile reads a results file: one JSON Sample per line. A line that does not parse is named
// in Bad and skipped, never fatal, so that one torn or garbage line cannot hide every other sample;
// the caller says so (the report's data-quality line, the runner's summary). Only failing to read the
// file is an error.
func ReadResultsFile(path string) (*ResultsFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f := &ResultsFile{Path: path}
	offset := int64(0)
	for line, rest := 1, data; len(rest) > 0; line++ {
		b, next, whole := bytes.Cut(rest, []byte{'\n'})
		at := offset
		offset += int64(len(b)) + 1
		rest = next
		if b = bytes.TrimSpace(b); len(b) == 0 {
			continue
		}
		var s Sample
		if err := json.Unmarshal(b, &s); err != nil {
			detail := fmt.Sprintf("does not parse (%v); skipped", err)
			if !whole {
				f.Torn, f.TornAt, f.TornErr = line, at, err
				detail = fmt.Sprintf("torn last line (the run stopped while writing it: %v); skipped", err)
			}
			f.Bad = append(f.Bad, Finding{Where: fmt.Sprintf("%s:%d", path, line), Kind: Unreadable, Detail: detail})
			continue
		}
		f.Samples = append(f.Samples, s)
		f.Lines = append(f.Lines, line)
	}
	return f, nil
}

// ReadSamples reads a results file's samples (see ReadResultsFile). It returns every sample that
// parses, with an error when a line does not: a *TornLineError when the only such line is a torn last
// one (the runner's -resume cuts it away and takes that sample again), else an error naming the first
// bad line and how many there are.
func ReadSamples(path string) ([]Sample, error) {
	f, err := ReadResultsFile(path)
	if err != nil {
		return nil, err
	}
	switch {
	case len(f.Bad) == 0:
		return f.Samples, nil
	case len(f.Bad) == 1 && f.Torn > 0:
		return f.Samples, &TornLineError{Path: path, Line: f.Torn, Err: f.TornErr}
	}
	return f.Samples, fmt.Errorf("%s: %s (%d of the file's lines do not parse)", f.Bad[0].Where, f.Bad[0].Detail, len(f.Bad))
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
