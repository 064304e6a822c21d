package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/giveback"
)

// lab thresholds -probe is one probe process: a spec in, a trace as JSON on stdout.
func TestThresholdsProbe(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"thresholds", "-probe", "goheap,8192,batch/2,4"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var tr giveback.Trace
	if err := json.Unmarshal(stdout.Bytes(), &tr); err != nil {
		t.Fatal(err)
	}
	if err := tr.Validate(); err != nil || tr.Rounds[0].Blocks != 2 {
		t.Errorf("trace %+v: %v", tr, err)
	}
}

// lab thresholds -from renders a result written before: the markdown on stdout, the three files under -out.
func TestThresholdsFrom(t *testing.T) {
	dir := t.TempDir()
	same := giveback.Pattern{Kind: giveback.PatternSame}
	pts := []giveback.Point{{Size: 4096, Pattern: same, Pages: 1, Processes: 1}, {Size: 350_336, Pattern: same, Pages: 86, Faults: 86, Ratio: 1, Processes: 1}}
	r := giveback.Result{Platform: "linux/amd64", Marks: giveback.Marks,
		Backends: []giveback.Backend{{Name: "libc", Points: pts, Thresholds: giveback.Thresholds(pts)}}}
	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "in.json")
	if err := os.WriteFile(in, js.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	out := filepath.Join(dir, "out")
	if code := run([]string{"thresholds", "-from", in, "-out", out, "-name", "x"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "- `same`: faults from 342.1 KiB; reused at 4 KiB and below") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
	for _, f := range []string{"x.json", "x.svg", "x.md"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"platform":"x"}`), 0o644)
	stderr.Reset()
	if code := run([]string{"thresholds", "-from", bad}, &stdout, &stderr); code != exitError || !strings.Contains(stderr.String(), "no backends") {
		t.Errorf("a result without backends: exit %d, %s", code, stderr.String())
	}
}
