package resultsdir

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
)

// ReadManifest reads dir/run.json.
func ReadManifest(dir string) (matrix.Manifest, error) {
	var m matrix.Manifest
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("matrix: %s: %w", filepath.Join(dir, ManifestFile), err)
	}
	return m, nil
}

// WriteManifest writes m as dir's run.json, through a temporary file and a rename, with its generation
// described in words.
func WriteManifest(m matrix.Manifest, dir string) error {
	m.ZlibNGDescription = m.Plan.Generation().Words()
	return WriteFileAtomic(filepath.Join(dir, ManifestFile), func(f *os.File) error {
		enc := json.NewEncoder(f)
		enc.SetIndent("", "  ")
		return enc.Encode(m)
	})
}

// Reconcile makes m (read from dir) say what dir holds, for a reader such as the report: the counts
// come from the screened samples on disk (kept, and findings' superseded attempts; Planned, Extra and
// Missing by matrix.Count), and the ends a lock file no runner holds kept because run.json could not take
// them (a full disk) are its attempts, the latest its status; a run still "running" whose lock names no
// end was killed, so it is interrupted. It changes m only, never dir.
func Reconcile(m *matrix.Manifest, dir string, kept []matrix.Sample, findings []Finding) {
	m.Samples, m.Failed, m.Superseded = CountKept(kept, findings)
	if len(m.Instances) == 0 {
		m.Recount(kept)
	}
	if dir == "" {
		return
	}
	held, h, stale, err := LockState(dir)
	if err != nil || held || !stale {
		return
	}
	ends := UnrecordedEnds(h, *m, time.Time{})
	m.Attempts = append(m.Attempts, ends...)
	switch {
	case len(ends) > 0: // the latest end is the run's state
		m.Status, m.Error = ends[len(ends)-1].Status, ends[len(ends)-1].Error
	case m.Status == matrix.StatusRunning: // a lock record that names no holder it can read
		m.Status, m.Error = matrix.StatusInterrupted, "killed: the runner stopped without closing run.json"
	}
}
