package resultsdir

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
)

// LockFile is a results directory's lock. The one runner writing the directory holds an OS lock on it
// (flock on Unix, LockFileEx on Windows), which the kernel drops when that process dies however it
// dies, and writes its LockHolder into it so that a refused writer can name it. A runner that ends
// normally empties the file before it lets go; so a lock file that is not locked but still names a
// holder was left by a killed run: stale, and taken over.
const LockFile = "lock"

// LockHolder is the process that holds (or, stale, last held) a results directory's lock. A holder
// that ended but could not write run.json (a full disk) leaves its end here, Status and Error as run.json
// would have had them, for the next resume to record; a holder killed outright leaves none. Unrecorded
// carries the ends of earlier invocations that run.json has not taken yet, so that a resume which cannot
// write run.json either loses none of them.
type LockHolder struct {
	PID    int       `json:"pid"`
	Host   string    `json:"host"`
	Start  time.Time `json:"start"` // the invocation's Attempt.Start
	End    time.Time `json:"end,omitzero"`
	Status string    `json:"status,omitempty"`
	Error  string    `json:"error,omitempty"`
	// Unrecorded are earlier invocations' ends, oldest first, that run.json did not take.
	Unrecorded []matrix.Attempt `json:"unrecorded,omitempty"`
}

// lockRecordSize is the lock file's size while held: the holder's JSON padded with spaces, so that every
// later record is written in place over blocks the file has already, even on a full disk.
const lockRecordSize = 4096

// ends are the invocations' ends a stale lock file keeps, oldest first: the unrecorded ones, then the
// holder's own - its end when it wrote one, else (killed) an interrupted attempt found at found.
func (h LockHolder) ends(found time.Time) []matrix.Attempt {
	out := slices.Clone(h.Unrecorded)
	if h.PID != 0 || h.Status != "" {
		out = append(out, staleAttempt(h, found))
	}
	return out
}

// staleAttempt is the attempt of a runner that held the lock and ended without closing run.json: one
// that stopped on a full disk (or another write failure) left its end in the lock file; one that died
// (kill -9, a lost machine) could not.
func staleAttempt(h LockHolder, found time.Time) matrix.Attempt {
	if h.Status != "" {
		return matrix.Attempt{Start: h.Start, End: h.End, Status: h.Status, Error: h.Error}
	}
	a := matrix.Attempt{Start: h.Start, Status: matrix.StatusInterrupted, Error: fmt.Sprintf("killed: the runner (%s) stopped without closing run.json", h)}
	if !found.IsZero() {
		a.Error += "; found at " + found.Format(time.RFC3339)
	}
	return a
}

// UnrecordedEnds are the ends stale (a lock file's record) keeps that run (the run.json beside it)
// does not hold. A holder killed after it closed run.json (not "running") left a record without an end,
// whose attempt run.json holds already.
func UnrecordedEnds(stale LockHolder, run matrix.Manifest, found time.Time) []matrix.Attempt {
	ends := stale.ends(found)
	if stale.PID != 0 && stale.Status == "" && run.Status != matrix.StatusRunning {
		ends = ends[:len(ends)-1]
	}
	return slices.DeleteFunc(ends, func(e matrix.Attempt) bool { return Holds(run.Attempts, e) })
}

// Holds reports whether attempts has e already: an attempt of the same start.
func Holds(attempts []matrix.Attempt, e matrix.Attempt) bool {
	return slices.ContainsFunc(attempts, func(a matrix.Attempt) bool { return a.Start.Equal(e.Start) })
}

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

// ResultsLock is a held results directory lock.
type ResultsLock struct {
	f  *os.File
	me LockHolder
}

// LockResults takes dir's lock without waiting, for an invocation that started at start: a *LockedError
// when another process holds it. stale is the record an earlier invocation left in the lock file (killed,
// or ended without run.json taking its end), nil when the last holder let go normally (or there was none).
// The new holder's record carries the stale record's ends forward, so that none is lost before run.json
// takes them; it is written in place, and a write that fails leaves the old record as it was.
func LockResults(dir string, start time.Time) (l *ResultsLock, stale *LockHolder, err error) {
	f, err := os.OpenFile(filepath.Join(dir, LockFile), os.O_RDWR|os.O_CREATE, ResultsPerm)
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
	var carried []matrix.Attempt
	if known {
		stale, carried = &prev, prev.ends(start)
	}
	host, _ := os.Hostname()
	me := LockHolder{PID: os.Getpid(), Host: host, Start: start}
	if err := writeRecord(f, withUnrecorded(me, carried)); err != nil {
		unlock(f)
		f.Close()
		return nil, nil, err
	}
	return &ResultsLock{f, me}, stale, nil
}

// withUnrecorded is h carrying ends as its Unrecorded (a copy: the caller's slice is not shared).
func withUnrecorded(h LockHolder, ends []matrix.Attempt) LockHolder {
	h.Unrecorded = slices.Clone(ends)
	return h
}

// padded is h as one JSON line padded with spaces to lockRecordSize: the longest error is cut until it
// fits, and past that the oldest unrecorded ends are dropped (dozens fit).
func padded(h LockHolder) []byte {
	b, _ := json.Marshal(h)
	for over := len(b) + 1 - lockRecordSize; over > 0; over = len(b) + 1 - lockRecordSize {
		longest := &h.Error
		for i := range h.Unrecorded {
			if e := &h.Unrecorded[i].Error; len(*e) > len(*longest) {
				longest = e
			}
		}
		switch {
		case len(*longest) > 3:
			*longest = (*longest)[:max(0, len(*longest)-over-3)] + "..."
		case len(h.Unrecorded) > 0:
			h.Unrecorded = h.Unrecorded[1:]
		default:
			h.Host = ""
		}
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

// writeRecord writes h over the lock file's record, in place: the record is always lockRecordSize
// bytes, so the blocks it needs are the file's already, except for a new (empty) lock file.
func writeRecord(f *os.File, h LockHolder) error {
	op := "overwrite" // in place, over the file's own blocks: a full disk lets it through
	if st, err := f.Stat(); err != nil || st.Size() < lockRecordSize {
		op = "write"
	}
	if err := BeforeWrite(op, f.Name()); err != nil {
		return err
	}
	if _, err := f.WriteAt(padded(h), 0); err != nil {
		return err
	}
	if err := f.Truncate(lockRecordSize); err != nil { // a longer record of an older version
		return err
	}
	return f.Sync()
}

// Release lets go of the lock. unrecorded are the ends run.json has not taken: none, and the lock file is
// emptied, so that the next runner does not take this run for a killed one; else they stay in the lock
// file, written in place, for the next resume to record - the last of them this run's own end when
// run.json could not take it (a full disk), as the holder's.
func (l *ResultsLock) Release(unrecorded []matrix.Attempt, own *matrix.Attempt) error {
	var err error
	switch {
	case len(unrecorded) == 0 && own == nil:
		if err = l.f.Truncate(0); err == nil {
			err = l.f.Sync()
		}
	case own == nil: // this run recorded nothing of its own: the record names no holder to take for killed
		err = writeRecord(l.f, LockHolder{Unrecorded: unrecorded})
	default:
		h := withUnrecorded(l.me, unrecorded)
		h.End, h.Status, h.Error = own.End, own.Status, own.Error
		err = writeRecord(l.f, h)
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
