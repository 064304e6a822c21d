package remote

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// fakeGh is a gh stand-in: it appends its arguments to $FAKEGH_LOG, prints what the real gh would
// for the subcommands Run uses, and fails "run watch" when $FAKEGH_WATCH_FAIL is set.
const fakeGh = `#!/bin/sh
echo "$*" >> "$FAKEGH_LOG"
case "$1 $2" in
"workflow run") printf '%s' "$FAKEGH_DISPATCH_OUT" ;;
"run list") printf '%s' "$FAKEGH_LIST" ;;
"run watch") [ -z "$FAKEGH_WATCH_FAIL" ] || exit 1 ;;
"run download")
	dir="$5"
	mkdir -p "$dir/results-linux-amd64" "$dir/results-windows-arm64"
	echo '{}' > "$dir/results-linux-amd64/linux-amd64.jsonl"
	echo '{}' > "$dir/results-windows-arm64/windows-arm64.jsonl"
	echo 'x' > "$dir/results-windows-arm64/windows-arm64.txt"
	;;
*) echo "fake gh: unexpected $*" >&2; exit 2 ;;
esac
`

// installFakeGh puts fakeGh first on PATH, as "gh", and returns the path of its argument log.
func installFakeGh(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake gh is a POSIX shell script")
	}
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "gh"), []byte(fakeGh), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	log := filepath.Join(bin, "calls.log")
	t.Setenv("FAKEGH_LOG", log)
	t.Setenv("FAKEGH_DISPATCH_OUT", "")
	t.Setenv("FAKEGH_LIST", "[]")
	t.Setenv("FAKEGH_WATCH_FAIL", "")
	return log
}

func calls(t *testing.T, log string) []string {
	t.Helper()
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

func TestRun(t *testing.T) {
	now := time.Now().UTC()
	list := `[{"databaseId":111,"createdAt":"` + now.Add(-time.Hour).Format(time.RFC3339) + `"},` +
		`{"databaseId":222,"createdAt":"` + now.Add(time.Second).Format(time.RFC3339) + `"},` +
		`{"databaseId":333,"createdAt":"` + now.Add(-10*time.Minute).Format(time.RFC3339) + `"}]`
	tests := []struct {
		name        string
		dispatchOut string
		list        string
		watchFail   bool
		wantRun     string
		wantErr     string
	}{
		{name: "url printed by gh", dispatchOut: "Created workflow_dispatch event\nhttps://github.com/o/r/actions/runs/98765\n", wantRun: "98765"},
		{name: "newest listed run after dispatch", list: list, wantRun: "222"},
		{name: "failed run still downloaded and rendered", list: list, watchFail: true, wantRun: "222", wantErr: "run 222 did not succeed"},
		{name: "no run appears", list: `[{"databaseId":111,"createdAt":"2020-01-01T00:00:00Z"}]`, wantErr: "appeared after 2 looks"},
		{name: "gh list output is not json", list: `not json`, wantErr: "not a JSON list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := installFakeGh(t)
			t.Setenv("FAKEGH_DISPATCH_OUT", tt.dispatchOut)
			if tt.list != "" {
				t.Setenv("FAKEGH_LIST", tt.list)
			}
			if tt.watchFail {
				t.Setenv("FAKEGH_WATCH_FAIL", "1")
			}
			dir := filepath.Join(t.TempDir(), "artifacts")
			var rendered string
			err := Run(context.Background(), Config{
				Ref:      "main",
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
			if want := "workflow run matrix.yml --ref=main -f profile=smoke -f dops=1,8"; got[0] != want {
				t.Errorf("dispatch = %q, want %q (empty inputs left out)", got[0], want)
			}
			if tt.wantRun == "" {
				if rendered != "" {
					t.Errorf("rendered %v without a run", rendered)
				}
				return
			}
			for _, want := range []string{"run watch " + tt.wantRun + " --exit-status", "run download " + tt.wantRun + " --dir " + dir} {
				if !slices.Contains(got, want) {
					t.Errorf("gh calls %q lack %q", got, want)
				}
			}
			if rendered != dir {
				t.Errorf("rendered %q, want the download directory %q", rendered, dir)
			}
			if _, err := os.Stat(filepath.Join(dir, "results-windows-arm64", "windows-arm64.jsonl")); err != nil {
				t.Errorf("artifacts not downloaded into the directory: %v", err)
			}
		})
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
