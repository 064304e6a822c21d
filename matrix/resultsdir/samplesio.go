package resultsdir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// ResultsFile is what a results file holds, line by line.
type ResultsFile struct {
	Path    string
	Samples []matrix.Sample // the lines that parse, in order
	Lines   []int           // Lines[i] is the 1-based line Samples[i] was read from
	Bad     []Finding       // the lines that do not parse (kind Unreadable), in order
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
		var s matrix.Sample
		if err := json.Unmarshal(b, &s); err != nil {
			detail := fmt.Sprintf("does not parse (%v); skipped", err)
			if !whole {
				f.Torn, f.TornAt, f.TornErr = line, at, err
				detail = fmt.Sprintf("torn last line (the run stopped while writing it: %v); skipped", err)
			}
			f.Bad = append(f.Bad, Finding{Where: fmt.Sprintf("%s:%d", path, line), Kind: Unreadable, Detail: detail})
			continue
		}
		hostresult.NormalizeChurnClock(s.Result)
		f.Samples = append(f.Samples, s)
		f.Lines = append(f.Lines, line)
	}
	return f, nil
}

// ReadSamples reads a results file's samples (see ReadResultsFile). It returns every sample that
// parses, with an error when a line does not: a *TornLineError when the only such line is a torn last
// one (the runner's -resume cuts it away and takes that sample again), else an error naming the first
// bad line and how many there are.
func ReadSamples(path string) ([]matrix.Sample, error) {
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
