package remote

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// fakeRuns are a test case's runs on the fake server, made from the run helper when the case starts.
type fakeRuns func(run runFunc) []fakeRun

// runFunc makes a run of the matrix workflow on main by "me", dispatched (After), created at the
// case's start plus created, then changed by mod.
type runFunc = func(id int64, created time.Duration, mod func(*fakeRun)) fakeRun

func TestRun(t *testing.T) {
	ours := func(run runFunc) fakeRun { return run(222, time.Second, nil) }
	tests := []struct {
		name        string
		dispatchOut string
		runs        fakeRuns
		watchFail   bool
		wantRun     string
		wantErr     string
	}{
		{name: "url printed by gh", dispatchOut: "Created workflow_dispatch event\nhttps://github.com/o/r/actions/runs/98765\n", wantRun: "98765"},
		{name: "no url: the run after the dispatch", runs: func(run runFunc) []fakeRun {
			return []fakeRun{run(111, -time.Hour, func(r *fakeRun) { r.After = false }), ours(run)}
		}, wantRun: "222"},
		{
			name: "concurrent dispatches by others, on other branches, other events and workflows",
			runs: func(run runFunc) []fakeRun {
				return []fakeRun{
					ours(run),
					run(300, 2*time.Second, func(r *fakeRun) { r.Actor = "someone-else" }),
					run(301, 3*time.Second, func(r *fakeRun) { r.Branch = "feature" }),
					run(302, 3*time.Second, func(r *fakeRun) { r.Event = "schedule" }),
					run(303, 3*time.Second, func(r *fakeRun) { r.Workflow = "ci.yml" }),
				}
			},
			wantRun: "222",
		},
		{
			name: "our earlier dispatch, listed before this one, within the clock skew",
			runs: func(run runFunc) []fakeRun {
				return []fakeRun{run(200, -5*time.Second, func(r *fakeRun) { r.After = false }), ours(run)}
			},
			wantRun: "222",
		},
		{name: "failed run still downloaded and rendered", runs: func(run runFunc) []fakeRun { return []fakeRun{ours(run)} }, watchFail: true, wantRun: "222", wantErr: "run 222 did not succeed"},
		{name: "no run appears", runs: func(run runFunc) []fakeRun { return []fakeRun{run(111, -time.Hour, nil)} }, wantErr: "appeared after 2 looks"},
		{name: "only someone else's run appears", runs: func(run runFunc) []fakeRun {
			return []fakeRun{run(300, time.Second, func(r *fakeRun) { r.Actor = "someone-else" })}
		}, wantErr: "on main by me"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Each case's runs are created relative to its own start: a case runs its fake gh some
			// dozen times, and with one "now" for all cases the later ones' dispatches fell more than
			// clockSkew behind it once each fake process took long to exit (1 s each under -race).
			now := time.Now().UTC()
			run := func(id int64, created time.Duration, mod func(*fakeRun)) fakeRun {
				r := fakeRun{ID: id, Created: now.Add(created), Workflow: "matrix.yml", Branch: "main", Event: "workflow_dispatch", Actor: "me", After: true}
				if mod != nil {
					mod(&r)
				}
				return r
			}
			var runs []fakeRun
			if tt.runs != nil {
				runs = tt.runs(run)
			}
			gh, log := installFakeGh(t, runs)
			t.Setenv("FAKEGH_DISPATCH_OUT", tt.dispatchOut)
			if tt.watchFail {
				t.Setenv("FAKEGH_WATCH_FAIL", "1")
			}
			dir := filepath.Join(t.TempDir(), "artifacts")
			var rendered string
			err := Run(context.Background(), Config{
				Gh:       gh,
				Inputs:   []Input{{"profile", "smoke"}, {"variants", ""}, {"dops", "1,8"}},
				Dir:      dir,
				Poll:     time.Millisecond,
				Attempts: 2,
				Render: func(_ context.Context, dir string) error {
					rendered = dir
					return nil
				},
			})
			if tt.wantErr == "" && err != nil {
				t.Fatalf("Run: %v", err)
			}
			if tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("Run error = %v, want one containing %q", err, tt.wantErr)
			}
			got := calls(t, log)
			if want := "workflow run matrix.yml --ref=main -f profile=smoke -f dops=1,8"; !slices.Contains(got, want) {
				t.Errorf("gh calls %q lack the dispatch %q (the default branch, empty inputs left out)", got, want)
			}
			if tt.wantRun == "" {
				if rendered != "" {
					t.Errorf("rendered %v without a run", rendered)
				}
				return
			}
			if want := "run watch " + tt.wantRun + " --exit-status"; !slices.Contains(got, want) {
				t.Errorf("gh calls %q lack %q", got, want)
			}
			if rendered != dir {
				t.Errorf("rendered %q, want the download directory %q", rendered, dir)
			}
			// Only the platforms' results: the report artifact's raw/ copies would count every sample twice.
			var downloaded []string
			filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(dir, p)
					downloaded = append(downloaded, filepath.ToSlash(rel))
				}
				return nil
			})
			want := []string{
				"results-linux-amd64/20260101-000000-linux-amd64/samples.jsonl",
				"results-windows-arm64/20260101-000000-windows-arm64/bench.txt",
				"results-windows-arm64/20260101-000000-windows-arm64/samples.jsonl",
			}
			if !slices.Equal(downloaded, want) {
				t.Errorf("downloaded %q, want exactly %q", downloaded, want)
			}
		})
	}
}

func TestRunListNotJSON(t *testing.T) {
	gh, _ := installFakeGh(t, nil)
	if err := os.WriteFile(filepath.Join(os.Getenv("FAKEGH_DIR"), "runs.json"), []byte("not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Run(context.Background(), Config{Gh: gh, Dir: t.TempDir(), Render: func(context.Context, string) error { return nil }})
	if err == nil || !strings.Contains(err.Error(), "not a JSON list") {
		t.Errorf("Run = %v, want the list's JSON error", err)
	}
}

func TestRunNeedsDirAndRender(t *testing.T) {
	if err := Run(context.Background(), Config{Render: func(context.Context, string) error { return nil }}); err == nil || !strings.Contains(err.Error(), "Dir") {
		t.Errorf("missing Dir: err = %v", err)
	}
	if err := Run(context.Background(), Config{Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "Render") {
		t.Errorf("missing Render: err = %v", err)
	}
}
