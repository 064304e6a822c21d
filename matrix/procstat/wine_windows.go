package procstat

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// wineProcDir is Linux's /proc seen through wine's Z: drive, which maps the
// Unix root. Files are opened by wineserver, not by this process, so
// Z:\proc\self is the server: this process must find its own pid.
const wineProcDir = `Z:\proc`

// wineStat locates, once, this process's /proc/<pid>/stat under wine.
var wineStat struct {
	once sync.Once
	path string
	err  error
}

// wineFaults fills the fault counts under wine, which leaves PageFaultCount
// at 0, from the Linux kernel's counters for this very process (a Windows
// process under wine is a Linux process), split into minor and major as on
// Linux. If the process cannot be identified the counts stay 0, "not
// reported"; wineFaultSource says why.
func wineFaults(s *Snapshot) {
	if wineFaultSource() != nil {
		return
	}
	data, err := os.ReadFile(wineStat.path)
	if err != nil {
		return
	}
	if minor, major, err := parseStatFaults(data); err == nil {
		s.MinorFaults, s.MajorFaults = minor, major
	}
}

// wineFaultSource finds this process's /proc entry, once: the one Linux
// process whose command line is this executable (by base name) with exactly
// these arguments. Two such processes at once are ambiguous: an error, so
// that another process's faults are never reported as ours.
func wineFaultSource() error {
	wineStat.once.Do(func() {
		entries, err := os.ReadDir(wineProcDir)
		if err != nil {
			wineStat.err = fmt.Errorf("procstat: under wine: %w", err)
			return
		}
		exe := filepath.Base(os.Args[0])
		var found []string
		for _, e := range entries {
			if strings.Trim(e.Name(), "0123456789") != "" {
				continue // not a pid
			}
			cmdline, err := os.ReadFile(wineProcDir + `\` + e.Name() + `\cmdline`)
			if err != nil {
				continue // exited, or not ours to read
			}
			args := strings.Split(string(bytes.TrimRight(cmdline, "\x00")), "\x00")
			if strings.EqualFold(unixOrWindowsBase(args[0]), exe) && slices.Equal(args[1:], trimEmpty(os.Args[1:])) {
				found = append(found, e.Name())
			}
		}
		if len(found) != 1 {
			wineStat.err = fmt.Errorf("procstat: under wine: %d Linux processes run %s with these arguments (%v), want exactly 1",
				len(found), exe, found)
			return
		}
		wineStat.path = wineProcDir + `\` + found[0] + `\stat`
	})
	if wineStat.path == "" && wineStat.err == nil {
		return errors.New("procstat: under wine: no /proc entry")
	}
	return wineStat.err
}

// trimEmpty drops trailing empty arguments, which /proc/<pid>/cmdline
// cannot tell from its NUL padding.
func trimEmpty(args []string) []string {
	for len(args) > 0 && args[len(args)-1] == "" {
		args = args[:len(args)-1]
	}
	return args
}

// unixOrWindowsBase is the last element of a path written with / or \: a process started from Linux has
// its Unix path in /proc's cmdline, one that a Windows process started (CreateProcess) its Windows path.
func unixOrWindowsBase(p string) string { return p[strings.LastIndexAny(p, `/\`)+1:] }
