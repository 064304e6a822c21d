package report

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// aaReplica writes a replica whose candidate is the A/A control (pooled renamed aa, at control's speed
// but for a little noise).
func aaReplica(t *testing.T, dir string) {
	t.Helper()
	writeReplica(t, dir, "20261201T110000Z-linux-amd64-aaaaaaaa", 1, 1)
	path := filepath.Join(dir, resultsdir.SamplesFile)
	samples, err := resultsdir.ReadSamples(path)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, s := range samples {
		if s.Variant == "pooled" {
			s.Variant = matrix.AA
			r := *s.Result
			r.ElapsedNs = int64(float64(r.ElapsedNs) * (1 + 0.01*float64(s.Round%3-1)))
			s.Result = &r
		}
		line, _ := json.Marshal(s)
		b.Write(append(line, '\n'))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, resultsdir.ManifestFile)) // its plan names pooled, not aa
}

func TestAANullMain(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	aaReplica(t, dir)
	var out, errOut strings.Builder
	if err := AANullMain(context.Background(), []string{"-in", dir, "-swaps", "3", "-seed", "7"}, &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	for _, want := range []string{"## A/A label-swap null: 3 swaps (seed 7), lifetime intervals by signflip", "elapsed time: A/A cells named faster or slower | 2 |"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	noAA := filepath.Join(t.TempDir(), "n")
	writeReplica(t, noAA, "20261201T120000Z-linux-amd64-bbbbbbbb", 1, 1.2)
	for _, tc := range []struct {
		args  []string
		usage bool
		want  string
	}{
		{nil, true, "give results with -in"},
		{[]string{"-in", dir, "-swaps", "0"}, true, "-swaps 0"},
		{[]string{"-in", dir, "-lifetime-method", "jackknife"}, true, `-lifetime-method "jackknife"`},
		{[]string{"-in", noAA, "-swaps", "2"}, false, "no aa samples"},
	} {
		err := AANullMain(context.Background(), tc.args, &out, &errOut)
		var ue *matrix.UsageError
		if err == nil || errors.As(err, &ue) != tc.usage || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v (usage %v), want one with %q", tc.args, err, errors.As(err, &ue), tc.want)
		}
	}
}
