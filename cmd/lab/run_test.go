package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRun covers the command line itself; every case fails or stops before anything runs, so the
// real bench and report functions are called without side effects.
func TestRun(t *testing.T) {
	tests := []struct {
		args       []string
		code       int
		wantStderr []string
	}{
		{nil, exitUsage, []string{"usage: lab <command>", "bench", "report"}},
		{[]string{"help"}, exitOK, []string{"usage: lab"}},
		{[]string{"frobnicate"}, exitUsage, []string{`unknown command "frobnicate"`, "usage: lab"}},
		{[]string{"bench", "-no-such-flag"}, exitUsage, []string{"no-such-flag", "-profile"}},
		{[]string{"bench", "-h"}, exitOK, []string{"-profile"}},
		{[]string{"bench", "-profile", "huge"}, exitError, []string{"lab bench:", `"huge"`, "smoke"}},
		{[]string{"report"}, exitError, []string{"lab report:", "-in"}},
		{[]string{"report", "-in"}, exitUsage, []string{"flag needs an argument"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tt.args, &stdout, &stderr); code != tt.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.code, stderr.String())
			}
			for _, w := range tt.wantStderr {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr.String())
				}
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout %q, want nothing", stdout.String())
			}
		})
	}
}
