package probe

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/deflatelab/deflatelab/matrix/giveback"
	"github.com/deflatelab/deflatelab/nativemem"
)

// Serve is one probe process's work: it reads spec's text form (giveback.ParseSpec), opens the
// backend, measures, and writes the trace to w as one line of JSON. A native free that failed is an
// error, since the next allocation would not have met the memory the trace assumes.
func Serve(spec string, w io.Writer) error {
	s, err := giveback.ParseSpec(spec)
	if err != nil {
		return err
	}
	a, err := nativemem.Open(s.Backend)
	if err != nil {
		return err
	}
	t, err := Measure(a, s)
	if err != nil {
		return err
	}
	if f, ok := a.(interface{ Err() error }); ok && f.Err() != nil {
		return fmt.Errorf("probe %s: %w", s, f.Err())
	}
	return json.NewEncoder(w).Encode(t)
}
