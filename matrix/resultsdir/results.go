package resultsdir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/deflatelab/deflatelab/matrix"
)

// Files of a results directory.
const (
	SamplesFile  = "samples.jsonl" // one Sample per line, appended and synced as samples finish
	BenchFile    = "bench.txt"     // the OK samples in the Go benchmark format, for benchstat
	ManifestFile = "run.json"      // the Manifest
)

// ResultsPerm is every results file's mode, set explicitly whatever the umask: readable by all, like
// the rest of a checkout, and the same for every file of a results directory.
const ResultsPerm = 0o644

// OpenFile opens the results file; tests replace it to make writes fail as on a full disk.
var OpenFile = os.OpenFile

// SamplesWriter appends whole lines to a results file, syncing each, so that a run killed at any moment
// leaves every finished sample on disk and at most one torn final line.
type SamplesWriter struct{ f *os.File }

// OpenSamples opens dir's results file. Without resume the file must not exist yet. With resume, it
// reads what is recorded (see ReadResultsFile: a line that does not parse is named in the file's Bad and
// skipped), cuts a torn final line (a run killed mid-write) away, and appends after the last whole line.
func OpenSamples(dir string, resume bool) (*SamplesWriter, *ResultsFile, error) {
	path := filepath.Join(dir, SamplesFile)
	if !resume {
		if err := BeforeWrite("create", path); err != nil {
			return nil, nil, err
		}
		f, err := OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, ResultsPerm)
		if errors.Is(err, fs.ErrExist) {
			return nil, nil, fmt.Errorf("matrix: %s holds a run's samples already (and no runner is writing it now); continue that run with: %s, or choose another -out", path, ResumeCommand(dir))
		}
		if err != nil {
			return nil, nil, err
		}
		if err := f.Chmod(ResultsPerm); err != nil { // the umask may have taken bits away
			f.Close()
			return nil, nil, err
		}
		return &SamplesWriter{f}, &ResultsFile{Path: path}, nil
	}
	rf, err := ReadResultsFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		rf, err = &ResultsFile{Path: path}, nil
	}
	if err != nil {
		return nil, nil, err
	}
	f, err := OpenFile(path, os.O_RDWR|os.O_CREATE, ResultsPerm)
	if err != nil {
		return nil, nil, err
	}
	end, err := f.Seek(0, io.SeekEnd)
	if err == nil && rf.Torn > 0 { // cut the torn tail
		end = rf.TornAt
		err = f.Truncate(end)
	}
	if err == nil {
		_, err = f.Seek(end, io.SeekStart)
	}
	if err == nil && end > 0 { // a last line that parsed but lost its newline must not run into the next
		last := make([]byte, 1)
		if _, err = f.ReadAt(last, end-1); err == nil && last[0] != '\n' {
			if err = BeforeWrite("write", path); err == nil {
				_, err = f.Write([]byte{'\n'})
			}
		}
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return &SamplesWriter{f}, rf, nil
}

// Append writes s as one line with one write, then syncs it to disk.
func (w *SamplesWriter) Append(s matrix.Sample) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	if err := BeforeWrite("write", w.f.Name()); err != nil {
		return err
	}
	if _, err := w.f.Write(append(b, '\n')); err != nil {
		return err
	}
	return w.f.Sync()
}

func (w *SamplesWriter) Close() error { return w.f.Close() }

// WriteFileAtomic writes path through a temporary file and a rename, so that a reader never sees a
// half-written file, and a write that fails (a full disk) leaves the old file whole. The file gets
// resultsPerm, as samples.jsonl does, not os.CreateTemp's 0600.
func WriteFileAtomic(path string, write func(*os.File) error) error {
	if err := BeforeWrite("create", path+".tmp"); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	err = BeforeWrite("write", tmp.Name())
	if err == nil {
		err = write(tmp)
	}
	if err == nil {
		err = tmp.Chmod(ResultsPerm)
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

// ResumeCommand is the command line that continues the run in dir.
func ResumeCommand(dir string) string {
	return "go run ./cmd/lab bench -resume -out " + dir
}

// CheckDir refuses a folder path that cannot become one because it, or a folder above it, is a file (a
// mkdir there fails with "not a directory" only after a build and a validation): checked up front by
// both doors, with the flag or variable named by the caller.
func CheckDir(dir string) error {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if st, err := os.Stat(d); err == nil {
			if !st.IsDir() {
				return fmt.Errorf("%s is a file, not a folder; allowed: a folder, made if missing", d)
			}
			return nil
		}
		if filepath.Dir(d) == d {
			return nil
		}
	}
}

// MakeDir creates dir and its missing parents, and returns those it created, deepest first.
func MakeDir(dir string) (made []string, err error) {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		made = append(made, d)
	}
	return made, os.MkdirAll(dir, 0o755)
}
