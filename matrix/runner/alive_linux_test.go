package runner

import (
	"fmt"
	"os"
	"strings"
)

// alive reports whether process pid runs: it exists and is not a zombie (a container's init may
// never reap an orphan, but a zombie runs nothing).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) > 0 && fields[0] != "Z" && fields[0] != "X"
}
