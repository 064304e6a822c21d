package matrix

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// LockFile is a results directory's lock. The one runner writing the directory holds an OS lock on it
// (flock on Unix, LockFileEx on Windows), which the kernel drops when that process dies however it
// dies, and writes its LockHolder into it so that a refused writer can name it. A runner that ends
// normally empties the file before it lets go; so a lock file that is not locked but still names a
// holder was left by a killed run: stale, and taken over.
const LockFile = "lock"

// LockHolder is the process that holds (or, stale, last held) a results directory's lock. A holder
// that ended but could not write run.json (a full disk) leaves its end here, Status and Error as run.json
// would have had them, for the next resume to record; a holder killed outright leaves none.
type LockHolder struct {
	PID    int       `json:"pid"`
	Host   string    `json:"host"`
	Start  time.Time `json:"start"`
	End    time.Time `json:"end,omitzero"`
	Status string    `json:"status,omitempty"`
	Error  string    `json:"error,omitempty"`
}

// lockRecordSize is the lock file's size while held: the holder's JSON padded with spaces, so that the
// blocks an ending written in place needs are the file's already, even on a full disk.
const lockRecordSize = 1024

func (h LockHolder) String() string {
	if h.PID == 0 {
		return "a process that has not written its name into the lock yet"
	}
	return fmt.Sprintf("pid %d on %s, started %s", h.PID, h.Host, h.Start.Format(time.RFC3339))
}

// LockedError is a results directory that another runner is writing: nothing was written to it.
type LockedError struct {
	Dir    string
	Holder LockHolder
}

func (e *LockedError) Error() string {
	return fmt.Sprintf("matrix: %s is being written by another run (%s); nothing was written. Two writers would corrupt it: wait for that run to end (or stop it; a killed run's lock is taken over), or choose another -out",
		e.Dir, e.Holder)
}

// resultsLock is a held results directory lock.
type resultsLock struct {
	f  *os.File
	me LockHolder
}

// lockResults takes dir's lock without waiting: a *LockedError when another process holds it. stale is
// the holder a killed run left in the lock file, nil when the last holder let go normally (or there was
// none).
func lockResults(dir string) (l *resultsLock, stale *LockHolder, err error) {
	f, err := os.OpenFile(filepath.Join(dir, LockFile), os.O_RDWR|os.O_CREATE, resultsPerm)
	if err != nil {
		return nil, nil, err
	}
	got, err := tryLock(f, true)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("matrix: locking %s: %w", f.Name(), err)
	}
	prev, known := readHolder(f)
	if !got {
		f.Close()
		return nil, nil, &LockedError{Dir: dir, Holder: prev}
	}
	if known {
		stale = &prev
	}
	host, _ := os.Hostname()
	me := LockHolder{PID: os.Getpid(), Host: host, Start: time.Now().UTC()}
	if err := rewrite(f, padded(me)); err != nil {
		unlock(f)
		f.Close()
		return nil, nil, err
	}
	return &resultsLock{f, me}, stale, nil
}

// padded is h as one JSON line padded with spaces to lockRecordSize (an error cut to fit).
func padded(h LockHolder) []byte {
	b, _ := json.Marshal(h)
	for over := len(b) + 1 - lockRecordSize; over > 0 && h.Error != ""; over = len(b) + 1 - lockRecordSize {
		h.Error = h.Error[:max(0, len(h.Error)-over-3)] + "..."
		b, _ = json.Marshal(h)
	}
	out := append(b, '\n')
	for len(out) < lockRecordSize {
		out = append(out, ' ')
	}
	return out
}

// readHolder reads the holder a lock file names; known is false for an empty (released) file. A file
// that names no parseable holder still counts as left behind, with a zero holder.
func readHolder(f *os.File) (h LockHolder, known bool) {
	data, err := io.ReadAll(io.NewSectionReader(f, 0, 1<<16))
	if err != nil || len(bytes.TrimSpace(data)) == 0 {
		return h, false
	}
	_ = json.Unmarshal(data, &h)
	return h, true
}

func rewrite(f *os.File, data []byte) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		return err
	}
	return f.Sync()
}

// release empties the lock file, so that the next runner does not take this run for a killed one, then
// lets go of the lock. unsaved, when not nil, is this run's end that run.json could not take (a full
// disk): it is written over the holder, in place, for the next resume to record.
func (l *resultsLock) release(unsaved *Attempt) error {
	var err error
	if unsaved == nil {
		err = rewrite(l.f, nil)
	} else {
		h := l.me
		h.End, h.Status, h.Error = unsaved.End, unsaved.Status, unsaved.Error
		if _, err = l.f.WriteAt(padded(h), 0); err == nil {
			err = l.f.Sync()
		}
	}
	return errors.Join(err, unlock(l.f), l.f.Close())
}

// LockState says whether a runner is writing dir now (held, with its holder), or, when none is, which
// killed run left its lock behind (stale). It only reads: a directory without a lock file (a copy, or a
// run older than the lock) is neither held nor stale.
func LockState(dir string) (held bool, holder LockHolder, stale bool, err error) {
	f, err := os.Open(filepath.Join(dir, LockFile))
	if errors.Is(err, fs.ErrNotExist) {
		return false, holder, false, nil
	}
	if err != nil {
		return false, holder, false, err
	}
	defer f.Close()
	holder, known := readHolder(f)
	got, err := tryLock(f, false)
	if err != nil {
		return false, holder, false, err
	}
	if !got {
		return true, holder, false, nil
	}
	return false, holder, known, unlock(f)
}
