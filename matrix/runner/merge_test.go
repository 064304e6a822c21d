package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// replicaRun runs replica rep of the small smoke plan into dir with the fake hosts in bin.
func replicaRun(t *testing.T, bin, dir, rep string, edit ...func(*BenchOptions)) {
	t.Helper()
	r, err := matrix.ParseReplica(rep)
	if err != nil {
		t.Fatal(err)
	}
	o := quiet(smoke(bin, dir))
	o.Replica = &r
	for _, e := range edit {
		e(&o)
	}
	var stderr bytes.Buffer
	if err := Bench(context.Background(), o, io.Discard, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), " in "+dir+" (replica "+rep+")") {
		t.Errorf("the summary line does not name the replica: %s", stderr.String())
	}
}

// editManifest rewrites a folder's run.json.
func editManifest(t *testing.T, dir string, edit func(*matrix.Manifest)) {
	t.Helper()
	m, err := resultsdir.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	edit(&m)
	if err := resultsdir.WriteManifest(m, dir); err != nil {
		t.Fatal(err)
	}
}

// Two replicas merge into one folder: every sample once, under its own run id; run.json lists the
// instances with their replica and machine; the folder screens clean, a foreign sample is still named,
// and a third replica merges onto the merged folder.
func TestMergeReplicas(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	base := t.TempDir()
	r1, r2, r3 := filepath.Join(base, "r1"), filepath.Join(base, "r2"), filepath.Join(base, "r3")
	replicaRun(t, bin, r1, "1/3")
	replicaRun(t, bin, r2, "2/3")
	replicaRun(t, bin, r3, "3/3")
	out := filepath.Join(base, "merged")
	var stdout, stderr bytes.Buffer
	if err := resultsdir.Merge(context.Background(), resultsdir.MergeOptions{Out: out, Inputs: []string{r2, r1}}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(stdout.String()) != out || !strings.Contains(stderr.String(), "merge: 2 runs (") || !strings.Contains(stderr.String(), "(replica 1/3)") {
		t.Errorf("merge printed %q and %q", stdout.String(), stderr.String())
	}
	m, err := resultsdir.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := resultsdir.ReadManifest(r1)
	b, _ := resultsdir.ReadManifest(r2)
	if len(m.Instances) != 2 || m.Instances[0].Run != a.Run || m.Instances[1].Run != b.Run || m.Instances[0].Replica.Index != 1 ||
		m.Instances[0].Machine == nil || m.Instances[0].Machine.Processors < 1 || m.Instances[0].Machine.Hostname == "" {
		t.Fatalf("merged instances %+v; want replicas 1 and 2 in order, with their machines", m.Instances)
	}
	n := smokeCellSamples() // each replica's samples
	if m.Samples != 2*n || m.Planned != 2*n || m.Status != matrix.StatusComplete || !m.Complete() || !ReflectPlan(m.Plan, a.Plan) {
		t.Errorf("merged run.json: %d of %d samples, %s", m.Samples, m.Planned, m.Status)
	}
	kept, findings, err := resultsdir.ReadRun(out, m)
	if err != nil || len(kept) != 2*n || len(findings) != 0 {
		t.Fatalf("screen of the merged folder: %d kept, %v, %v", len(kept), findings, err)
	}
	runs := map[string]int{}
	for _, s := range kept {
		runs[s.Run]++
	}
	if runs[a.Run] != n || runs[b.Run] != n {
		t.Errorf("samples by run %v; want %d of each replica", runs, n)
	}
	// A sample of another run inside the merged file is still foreign.
	c, _ := resultsdir.ReadManifest(r3)
	foreign := readAll(t, r3)[0]
	f, _ := os.OpenFile(filepath.Join(out, resultsdir.SamplesFile), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(mustJSON(t, foreign) + "\n")
	f.Close()
	if _, findings, _ := resultsdir.ReadRun(out, m); len(findings) != 1 || findings[0].Kind != resultsdir.Foreign || !strings.Contains(findings[0].Detail, c.Run) {
		t.Errorf("a foreign sample in a merged folder: %v", findings)
	}
	editLines(t, filepath.Join(out, resultsdir.SamplesFile), func(i int, l string) string {
		if i == 2*n { // the foreign line appended after the two replicas' samples
			return ""
		}
		return l
	})
	// The merged folder and the third replica merge again: three instances.
	out2 := filepath.Join(base, "merged3")
	if _, err := resultsdir.MergeDirs(out2, []string{out, r3}); err != nil {
		t.Fatal(err)
	}
	if m3, _ := resultsdir.ReadManifest(out2); len(m3.Instances) != 3 || m3.Samples != 3*n || m3.Instances[2].Replica.Index != 3 {
		t.Errorf("merge of a merged folder: %d instances, %d samples", len(m3.Instances), m3.Samples)
	}
	// A merged folder is not resumed: its runs are.
	err = Bench(context.Background(), resumeOf(bin, out), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "merged folder") {
		t.Errorf("resume of a merged folder: %v", err)
	}
}

// ReflectPlan reports whether two plans are equal (as the merge compares them).
func ReflectPlan(a, b matrix.Plan) bool { return resultsdir.PlanDiff(a, b) == "" }

// Each refused merge is a usage error (lab exits 2) naming the input and why, and writes nothing.
func TestMergeRefusals(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	base := t.TempDir()
	r1, r2 := filepath.Join(base, "r1"), filepath.Join(base, "r2")
	replicaRun(t, bin, r1, "1/2")
	replicaRun(t, bin, r2, "2/2")
	_, smokeRounds := smokeCell()
	fresh := func(t *testing.T, name string) string {
		dir := filepath.Join(t.TempDir(), name)
		if err := os.CopyFS(dir, os.DirFS(r2)); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T) []string
		want  string
	}{
		{"another plan", func(t *testing.T) []string {
			d := filepath.Join(t.TempDir(), "other")
			replicaRun(t, bin, d, "2/2", func(o *BenchOptions) { o.Rounds = ptr(smokeRounds + 1) })
			return []string{r1, d}
		}, fmt.Sprintf("has another plan than %s (rounds %d and %d)", r1, smokeRounds, smokeRounds+1)},
		{"another commit", func(t *testing.T) []string {
			d := fresh(t, "commit")
			editManifest(t, d, func(m *matrix.Manifest) {
				m.Commits = map[string]string{"control": "abc", "pooled": "abc", "splitalloc": "abc"}
			})
			return []string{r1, d}
		}, "at commit \"abc\""},
		{"another build", func(t *testing.T) []string {
			d := fresh(t, "build")
			editManifest(t, d, func(m *matrix.Manifest) { m.Builds["pooled"] = "0123456789abcdef" })
			return []string{r1, d}
		}, "measured pooled in host build 0123456789abcdef"},
		{"two builds in the samples", func(t *testing.T) []string {
			d := fresh(t, "samplebuild")
			editLines(t, filepath.Join(d, resultsdir.SamplesFile), func(i int, l string) string {
				var s matrix.Sample
				json.Unmarshal([]byte(l), &s)
				if i == 0 {
					s.Build = "0123456789abcdef"
				}
				return mustJSON(t, s)
			})
			return []string{r1, d}
		}, "ran 2 builds: build 0123456789abcdef (1 samples)"},
		{"emulated and native", func(t *testing.T) []string {
			d := fresh(t, "emulated")
			editManifest(t, d, func(m *matrix.Manifest) { m.Emulated = "qemu-aarch64-static" })
			return []string{r1, d}
		}, "emulated and native samples do not merge"},
		{"a platform mixed into a cell", func(t *testing.T) []string {
			d := fresh(t, "platform")
			editLines(t, filepath.Join(d, resultsdir.SamplesFile), func(i int, l string) string {
				if i == 2 {
					return strings.Replace(l, `"goos":"`, `"goos":"plan9x`, 1)
				}
				return l
			})
			return []string{r1, d}
		}, "samples.jsonl:3: a sample of cell"},
		{"the same replica twice", func(t *testing.T) []string {
			d := filepath.Join(t.TempDir(), "again")
			replicaRun(t, bin, d, "1/2")
			return []string{r1, d}
		}, "replica 1/2 is given twice (" + r1 + " and "},
		{"the same run twice", func(t *testing.T) []string { return []string{r1, r1} }, "is given twice (" + r1 + " and " + r1 + ")"},
		{"another replica count", func(t *testing.T) []string {
			d := filepath.Join(t.TempDir(), "k3")
			replicaRun(t, bin, d, "2/3")
			return []string{r1, d}
		}, "replicas of one set share their count K"},
		{"running", func(t *testing.T) []string {
			d := fresh(t, "running")
			editManifest(t, d, func(m *matrix.Manifest) { m.Status = matrix.StatusRunning })
			return []string{r1, d}
		}, "running\" is running, or was killed while running"},
		{"torn", func(t *testing.T) []string {
			d := fresh(t, "torn")
			f, _ := os.OpenFile(filepath.Join(d, resultsdir.SamplesFile), os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString(`{"run":"x","ce`)
			f.Close()
			return []string{r1, d}
		}, "torn\" is torn: "},
		{"not a results folder", func(t *testing.T) []string { return []string{r1, t.TempDir()} }, "not a results folder with a readable run.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inputs := tc.setup(t)
			out := filepath.Join(t.TempDir(), "merged")
			_, err := resultsdir.MergeDirs(out, inputs)
			var ue *matrix.InvalidError
			want := strings.ReplaceAll(tc.want, `running" `, filepath.Base(inputs[len(inputs)-1])+" ")
			want = strings.ReplaceAll(want, `torn" `, filepath.Base(inputs[len(inputs)-1])+" ")
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), want) {
				t.Errorf("Merge = %v, want a usage error containing %q", err, want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("a refused merge created %s", out)
			}
		})
	}
	// An -out that holds something is refused too.
	if _, err := resultsdir.MergeDirs(r1, []string{r2}); err == nil || !strings.Contains(err.Error(), "is not empty") {
		t.Errorf("merge into a used folder: %v", err)
	}
}
