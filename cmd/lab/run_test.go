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
		{nil, exitUsage, []string{"usage: lab <command>", "bench", "merge", "report", "replay", "aanull", "compare"}},
		{[]string{"merge"}, exitUsage, []string{"lab merge: -out is required"}},
		{[]string{"merge", "-out", "no-such-dir/m"}, exitUsage, []string{"lab merge: no results folders"}},
		{[]string{"merge", "-out", "no-such-dir/m", "no-such-results"}, exitUsage, []string{"lab merge: no-such-results: not a results folder"}},
		{[]string{"bench", "-dops", "1,1"}, exitUsage, []string{"lab bench: -dops: matrix: DOP 1 given twice"}},
		{[]string{"bench", "-rounds", "1000000000"}, exitUsage, []string{"lab bench: matrix: rounds 1000000000 is outside 1..1000 (MaxRounds"}},
		{[]string{"help"}, exitOK, []string{"usage: lab"}},
		{[]string{"frobnicate"}, exitUsage, []string{`unknown command "frobnicate"`, "usage: lab"}},
		{[]string{"bench", "-no-such-flag"}, exitUsage, []string{"no-such-flag", "-profile"}},
		{[]string{"bench", "-h"}, exitOK, []string{"-profile"}},
		{[]string{"bench", "-profile", "huge"}, exitUsage, []string{"lab bench:", `"huge"`, "smoke", "lab bench -h"}},
		{[]string{"bench", "extra"}, exitUsage, []string{"lab bench: unexpected arguments"}},
		{[]string{"bench", "-resume"}, exitUsage, []string{"lab bench: -resume needs -out"}},
		{[]string{"bench", "-dops", "1,x"}, exitUsage, []string{`lab bench: -dops: matrix: DOP "x" is not an integer`}},
		{[]string{"bench", "-variants", "bogus"}, exitUsage, []string{`unknown variant "bogus"`}},
		{[]string{"bench", "-bin", "no-such-dir", "-out", "no-such-dir/r"}, exitUsage, []string{"lab bench: matrix: missing host binary"}},
		{[]string{"bench", "-timeout", "-1s"}, exitUsage, []string{"lab bench: -timeout -1s is negative"}},
		{[]string{"bench", "-platform", "windows/amd64", "-out", "no-such-dir/r"}, exitUsage, []string{"missing host binary", "host-control-layout101.exe", "windows/amd64"}}, // quick rotates: control's first layout host
		{[]string{"report"}, exitUsage, []string{"lab report: -in is required"}},
		{[]string{"replay"}, exitUsage, []string{"lab replay: give one results directory with -results"}},
		{[]string{"replay", "-results", "x", "-correction", "holm"}, exitUsage, []string{"lab replay:", "Correction"}},
		{[]string{"replay", "-results", "no-such-results"}, exitError, []string{"lab replay:", "run.json"}},
		{[]string{"replay", "-results", "x", "-aa", "-1"}, exitUsage, []string{"lab replay: -aa -1: want 0 or more families"}},
		{[]string{"replay", "-results", "x", "-project", "12,x"}, exitUsage, []string{`lab replay: -project "x": want even round counts`}},
		{[]string{"replay", "-h"}, exitOK, []string{"-results dir", "-correction", "-precision", "-aa", "-seed", "-project caps"}},
		{[]string{"aanull"}, exitUsage, []string{"lab aanull: give results with -in", `run "lab aanull -h"`}},
		{[]string{"aanull", "-in", "x", "extra"}, exitUsage, []string{"lab aanull: give results with -in (and nothing else)"}},
		{[]string{"aanull", "-in", "x", "-swaps", "0"}, exitUsage, []string{"lab aanull: -swaps 0: want 1 or more"}},
		{[]string{"aanull", "-in", "x", "-lifetime-method", "jackknife"}, exitUsage, []string{`lab aanull: -lifetime-method "jackknife": want signflip or bootstrap`}},
		{[]string{"aanull", "-in", "x", "-moderation", "-reps", "1,2"}, exitUsage, []string{`lab aanull: -reps "1,2": want three counts, null,tau,effect`}},
		{[]string{"aanull", "-in", "x", "-moderation", "-reps", "1,0,2"}, exitUsage, []string{`lab aanull: -reps "1,0,2": "0" is not a count of 1 or more`}},
		{[]string{"aanull", "-in", "x", "-moderation", "-pseudo-instances", "0"}, exitUsage, []string{"lab aanull: -pseudo-instances 0: want 1 or more"}},
		{[]string{"aanull", "-in", "x", "-swap-style", "inside"}, exitUsage, []string{`lab aanull: -swap-style "inside": want kept or outside`}},
		{[]string{"aanull", "-h"}, exitOK, []string{"-in files", "-swaps", "-lifetime-method method", "-moderation", "-reps replicates", `(default "100,60,20")`, "-swap-style style", "-slices"}},
		{[]string{"compare", "-old", "a"}, exitUsage, []string{"lab compare: give -old and -new, each a report folder or its cells.json"}},
		{[]string{"compare", "-old", "a", "-new", "b", "extra"}, exitUsage, []string{"lab compare: give -old and -new"}},
		{[]string{"compare", "-old", "no-such-report", "-new", "b"}, exitError, []string{"lab compare: open no-such-report"}},
		{[]string{"compare", "-h"}, exitOK, []string{"-old folder", "-new folder"}},
		{[]string{"plan"}, exitUsage, []string{"lab plan: give the pilot's results with -pilot"}},
		{[]string{"plan", "-pilot", "x", "-change", "0%"}, exitUsage, []string{`lab plan: -change "0%": allowed: a percentage above 0 and below 100`}},
		{[]string{"plan", "-pilot", "x", "-minutes", "-1"}, exitUsage, []string{"lab plan: -minutes -1: allowed: 0 (no bound)"}},
		{[]string{"plan", "-h"}, exitOK, []string{"-pilot folder", "-change", `(default "5%")`, "-minutes", "(default 60)"}},
		{[]string{"pairnoise"}, exitUsage, []string{"lab pairnoise: give one or more results folders"}},
		{[]string{"pairnoise", "-x"}, exitUsage, []string{"flag provided but not defined: -x"}},
		{[]string{"pairnoise", "no-such-results"}, exitError, []string{"lab pairnoise:"}},
		{[]string{"report", "stray"}, exitUsage, []string{"lab report: unexpected argument"}},
		{[]string{"report", "-in", "x", "-date", "yesterday"}, exitUsage, []string{"lab report: -date"}},
		{[]string{"report", "-in"}, exitUsage, []string{"flag needs an argument"}},
		{[]string{"report", "-bogus"}, exitUsage, []string{"flag provided but not defined"}},
		{[]string{"report", "-in", "x", "-planned", "linux"}, exitUsage, []string{`lab report: -planned "linux": want goos/goarch`}},
		{[]string{"report", "-in", "no-such-results"}, exitError, []string{"lab report: -in"}},
		{[]string{"thresholds", "-patterns", "lifo"}, exitUsage, []string{`lab thresholds: -patterns: unknown pattern "lifo"`}},
		{[]string{"thresholds", "-sizes", "4k"}, exitUsage, []string{`lab thresholds: -sizes "4k": "4k" is not a whole number`}},
		{[]string{"thresholds", "-backends", "nosuch"}, exitUsage, []string{`lab thresholds: -backends: "nosuch" is not in this build`}},
		{[]string{"thresholds", "-repeats", "0"}, exitUsage, []string{"lab thresholds: -repeats 0: allowed: 1.."}},
		{[]string{"thresholds", "extra"}, exitUsage, []string{"lab thresholds: unexpected arguments"}},
		{[]string{"thresholds", "-probe", "nosuch,4096,same,4"}, exitError, []string{`lab thresholds: nativemem: unknown backend "nosuch"`}},
		{[]string{"thresholds", "-from", "no-such.json"}, exitUsage, []string{"lab thresholds: -from: open no-such.json"}},
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
			for _, doubled := range []string{"bench: bench:", "report: report:", "merge: merge:", "replay: replay:", "aanull: aanull:", "compare: compare:", "plan: plan:", "pairnoise: pairnoise:", "thresholds: thresholds:"} {
				if strings.Contains(stderr.String(), doubled) {
					t.Errorf("stderr has the doubled prefix %q:\n%s", doubled, stderr.String())
				}
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout %q, want nothing", stdout.String())
			}
		})
	}
}
