package procstat

import "testing"

// A wine process's /proc cmdline names its program by a Unix path when Linux started it and by a
// Windows path when a Windows process did (lab thresholds' probes): both name the same executable.
func TestUnixOrWindowsBase(t *testing.T) {
	for in, want := range map[string]string{
		"/tmp/thr/lab.exe":        "lab.exe",
		`Z:\tmp\thr\lab.exe`:      "lab.exe",
		`C:\users\me/bin\lab.exe`: "lab.exe",
		"lab.exe":                 "lab.exe",
		`Z:\tmp\`:                 "",
	} {
		if got := unixOrWindowsBase(in); got != want {
			t.Errorf("unixOrWindowsBase(%q) = %q, want %q", in, got, want)
		}
	}
}
