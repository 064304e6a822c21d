package remote

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The fake gh is this test binary run again with FAKEGH_DIR set (TestMain hands it to fakeGh), so it
// runs wherever the tests do, Windows included. It appends each call to FAKEGH_DIR/calls.log and
// plays the GitHub side:
//   - runs.json holds the workflow's runs as the server knows them ([]fakeRun); "gh run list" filters
//     them by --workflow, --branch, --event and --user as GitHub does, and prints only the --json
//     fields asked for; a run with After set appears only once "gh workflow run" has been called;
//   - "gh run download" makes the artifacts the matrix workflow uploads: results-linux-amd64,
//     results-windows-arm64 and report, whose raw/ holds copies of both platforms' results, and
//     honours --pattern as gh does;
//   - FAKEGH_WATCH_FAIL makes "gh run watch" fail, FAKEGH_DISPATCH_OUT is what "gh workflow run" prints.

// fakeRun is a run on the fake server.
type fakeRun struct {
	ID       int64     `json:"id"`
	Created  time.Time `json:"created"`
	Workflow string    `json:"workflow"`
	Branch   string    `json:"branch"`
	Event    string    `json:"event"`
	Actor    string    `json:"actor"`
	After    bool      `json:"after"` // created by the dispatch: listed only after it
}

// fakeArtifacts are the artifacts of a matrix run: name -> file -> content.
var fakeArtifacts = map[string]map[string]string{
	"results-linux-amd64":   {"20260101-000000-linux-amd64/samples.jsonl": "{}\n"},
	"results-windows-arm64": {"20260101-000000-windows-arm64/samples.jsonl": "{}\n", "20260101-000000-windows-arm64/bench.txt": "x\n"},
	"report": {
		"README.md": "# report\n",
		"raw/20260101-000000-linux-amd64/samples.jsonl":   "{}\n",
		"raw/20260101-000000-windows-arm64/samples.jsonl": "{}\n",
	},
}

func TestMain(m *testing.M) {
	if dir := os.Getenv("FAKEGH_DIR"); dir != "" {
		os.Exit(fakeGh(dir, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// flagValue returns the value after name in args ("--name value" or "--name=value").
func flagValue(args []string, name string) string {
	for i, a := range args {
		if a == name && i+1 < len(args) {
			return args[i+1]
		}
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v
		}
	}
	return ""
}

func fakeGh(dir string, args []string) int {
	f, err := os.OpenFile(filepath.Join(dir, "calls.log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		panic(err)
	}
	fmt.Fprintln(f, strings.Join(args, " "))
	f.Close()
	dispatched := filepath.Join(dir, "dispatched")
	sub := strings.Join(args[:min(2, len(args))], " ")
	switch sub {
	case "repo view":
		fmt.Println("main")
	case "api user":
		fmt.Println("me")
	case "workflow run":
		os.WriteFile(dispatched, nil, 0o644)
		fmt.Print(os.Getenv("FAKEGH_DISPATCH_OUT"))
	case "run list":
		data, err := os.ReadFile(filepath.Join(dir, "runs.json"))
		if err != nil {
			fmt.Print("[]")
			return 0
		}
		var runs []fakeRun
		if err := json.Unmarshal(data, &runs); err != nil {
			fmt.Print(string(data)) // a test of what gh prints when it is not JSON
			return 0
		}
		_, statErr := os.Stat(dispatched)
		var rows []map[string]any
		for _, r := range runs {
			if (r.After && statErr != nil) || r.Workflow != flagValue(args, "--workflow") || r.Branch != flagValue(args, "--branch") ||
				r.Event != flagValue(args, "--event") || r.Actor != flagValue(args, "--user") {
				continue
			}
			all := map[string]any{"databaseId": r.ID, "createdAt": r.Created, "headBranch": r.Branch, "event": r.Event}
			row := map[string]any{}
			for _, field := range strings.Split(flagValue(args, "--json"), ",") {
				v, ok := all[field]
				if !ok {
					fmt.Fprintf(os.Stderr, "fake gh: unknown JSON field %q\n", field)
					return 1
				}
				row[field] = v
			}
			rows = append(rows, row)
		}
		b, _ := json.Marshal(rows)
		fmt.Print(string(b))
	case "run watch":
		if os.Getenv("FAKEGH_WATCH_FAIL") != "" {
			return 1
		}
	case "run download":
		out, pattern := flagValue(args, "--dir"), flagValue(args, "--pattern")
		for name, files := range fakeArtifacts {
			if ok, _ := path.Match(pattern, name); pattern != "" && !ok {
				continue
			}
			for file, content := range files {
				p := filepath.Join(out, name, filepath.FromSlash(file))
				os.MkdirAll(filepath.Dir(p), 0o755)
				os.WriteFile(p, []byte(content), 0o644)
			}
		}
	default:
		fmt.Fprintf(os.Stderr, "fake gh: unexpected %q\n", args)
		return 2
	}
	return 0
}

// installFakeGh makes this test binary the gh that Run calls, serving runs, and returns the path
// of its call log.
func installFakeGh(t *testing.T, runs []fakeRun) (gh, log string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if runs != nil {
		b, err := json.Marshal(runs)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "runs.json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("FAKEGH_DIR", dir)
	// The fake gh is this binary: built with -race, each of its exits would sleep a second (the race
	// runtime's atexit_sleep_ms default, for other goroutines' reports), a minute over one TestRun.
	t.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	t.Setenv("FAKEGH_DISPATCH_OUT", "")
	t.Setenv("FAKEGH_WATCH_FAIL", "")
	return exe, filepath.Join(dir, "calls.log")
}

func calls(t *testing.T, log string) []string {
	t.Helper()
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

func TestFakeGhDownloadsEveryArtifactWithoutPattern(t *testing.T) {
	// The fake must behave like gh here, or the test below proves nothing: without --pattern,
	// "gh run download" fetches every artifact of the run, the report with its raw/ copies too.
	exe, _ := installFakeGh(t, nil)
	dir := t.TempDir()
	if _, err := gh(context.Background(), withDefaults(Config{Gh: exe}), "run", "download", "1", "--dir", dir); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if !slices.Contains(names, "report") {
		t.Errorf("fake gh downloaded %q, want the report artifact too", names)
	}
}
