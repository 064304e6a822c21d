package procstat

import (
	"bytes"
	"fmt"
	"strconv"
)

// parseStatFaults returns minflt and majflt from the text of a Linux
// /proc/<pid>/stat file: fields 10 and 12 (proc(5)). The command name,
// field 2, is parenthesised and may contain spaces and parentheses, so the
// fields are counted from the last ')'.
func parseStatFaults(stat []byte) (minor, major int64, err error) {
	end := bytes.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, 0, fmt.Errorf("procstat: /proc stat %.40q: no ')' after the command name", stat)
	}
	// After ')': state(3) ppid(4) pgrp(5) session(6) tty_nr(7) tpgid(8)
	// flags(9) minflt(10) cminflt(11) majflt(12).
	const minfltAt, majfltAt = 10 - 3, 12 - 3
	f := bytes.Fields(stat[end+1:])
	if len(f) <= majfltAt {
		return 0, 0, fmt.Errorf("procstat: /proc stat %.40q: %d fields after the command, want more than %d", stat, len(f), majfltAt)
	}
	if minor, err = strconv.ParseInt(string(f[minfltAt]), 10, 64); err == nil {
		major, err = strconv.ParseInt(string(f[majfltAt]), 10, 64)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("procstat: /proc stat fault counts: %w", err)
	}
	return minor, major, nil
}
