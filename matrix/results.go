package matrix

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Files of a results directory.
const (
	SamplesFile  = "samples.jsonl" // one Sample per line, appended and synced as samples finish
	BenchFile    = "bench.txt"     // the OK samples in the Go benchmark format, for benchstat
	ManifestFile = "run.json"      // the Manifest
)

// resultsPerm is every results file's mode, set explicitly whatever the umask: readable by all, like
// the rest of a checkout, and the same for every file of a results directory.
const resultsPerm = 0o644

// openFile opens the results file; tests replace it to make writes fail as on a full disk.
var openFile = os.OpenFile

// samplesWriter appends whole lines to a results file, syncing each, so that a run killed at any moment
// leaves every finished sample on disk and at most one torn final line.
type samplesWriter struct{ f *os.File }

// openSamples opens dir's results file. Without resume the file must not exist yet. With resume, it
// reads the samples already recorded, cuts a torn final line (a run killed mid-write) away, and appends
// after the last whole line; a line that is whole but does not parse is an error, never dropped.
func openSamples(dir string, resume bool) (*samplesWriter, []Sample, error) {
	path := filepath.Join(dir, SamplesFile)
	if !resume {
		f, err := openFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, resultsPerm)
		if errors.Is(err, fs.ErrExist) {
			return nil, nil, fmt.Errorf("matrix: %s already exists; continue it with -resume or choose another -out", path)
		}
		if err != nil {
			return nil, nil, err
		}
		if err := f.Chmod(resultsPerm); err != nil { // the umask may have taken bits away
			f.Close()
			return nil, nil, err
		}
		return &samplesWriter{f}, nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, err
	}
	whole := data[:bytes.LastIndexByte(data, '\n')+1]
	var samples []Sample
	for line, rest := 1, whole; len(rest) > 0; line++ {
		i := bytes.IndexByte(rest, '\n')
		b := bytes.TrimSpace(rest[:i])
		rest = rest[i+1:]
		if len(b) == 0 {
			continue
		}
		var s Sample
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, nil, fmt.Errorf("matrix: resuming %s: line %d does not parse (%v); it is kept for inspection, move it aside to start afresh", path, line, err)
		}
		samples = append(samples, s)
	}
	f, err := openFile(path, os.O_WRONLY|os.O_CREATE, resultsPerm)
	if err != nil {
		return nil, nil, err
	}
	if len(whole) < len(data) { // cut the torn tail
		if err := f.Truncate(int64(len(whole))); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	if _, err := f.Seek(int64(len(whole)), 0); err != nil {
		f.Close()
		return nil, nil, err
	}
	return &samplesWriter{f}, samples, nil
}

// append writes s as one line with one write, then syncs it to disk.
func (w *samplesWriter) append(s Sample) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	if _, err := w.f.Write(append(b, '\n')); err != nil {
		return err
	}
	return w.f.Sync()
}

func (w *samplesWriter) Close() error { return w.f.Close() }

// writeFileAtomic writes path through a temporary file and a rename, so that a reader never sees a
// half-written file. The file gets resultsPerm, as samples.jsonl does, not os.CreateTemp's 0600.
func writeFileAtomic(path string, write func(*os.File) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	err = write(tmp)
	if err == nil {
		err = tmp.Chmod(resultsPerm)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
