// Package remote runs the experiment on GitHub's runners from a terminal: it dispatches the matrix
// workflow with the gh command, waits for the run, downloads its artifacts and renders the combined
// report locally. It needs gh installed and authenticated (gh auth login); nothing else.
package remote

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Input is one workflow_dispatch input, passed as "gh workflow run -f name=value". Inputs reach the
// workflow as data: the workflow copies them into env: and never into a shell line.
type Input struct {
	Name, Value string
}

// Config says which workflow to dispatch and where its artifacts go. Zero fields take the defaults
// documented on each.
type Config struct {
	Gh        string        // gh executable; default "gh" from PATH
	Workflow  string        // workflow file name; default "matrix.yml"
	Ref       string        // branch or tag to run; default: the repository's default branch
	Inputs    []Input       // empty values are left out, so the workflow's defaults apply
	Artifacts string        // glob of the artifacts to download; default "results-*", the platforms' results
	Dir       string        // directory to download the artifacts into; required
	Poll      time.Duration // how often to look for the dispatched run; default 3s
	Attempts  int           // how many times to look before giving up; default 40

	// Render turns the downloaded artifacts in Dir into a report (report.Run in the mage target).
	Render func(ctx context.Context, dir string) error

	Stdout, Stderr io.Writer
}

// Run dispatches the workflow, waits for its run to finish, downloads the artifacts that match
// cfg.Artifacts into cfg.Dir and renders the report from them. Only the platforms' results are
// downloaded: the workflow's "report" artifact holds copies of all of them in its raw/ folder, and
// a report that read both would count every sample twice. A run that fails still has its artifacts
// downloaded and rendered (the other platforms' samples are worth reading), and the failure is
// returned with whatever else went wrong.
func Run(ctx context.Context, cfg Config) error {
	cfg = withDefaults(cfg)
	if cfg.Dir == "" {
		return errors.New("remote: Config.Dir (the download directory) is required")
	}
	if cfg.Render == nil {
		return errors.New("remote: Config.Render is required")
	}
	q, err := newQuery(ctx, cfg)
	if err != nil {
		return err
	}
	// The runs that exist before the dispatch cannot be ours, whatever the clocks say.
	before, err := q.list(ctx, cfg)
	if err != nil {
		return err
	}
	q.seen = map[int64]bool{}
	for _, r := range before {
		q.seen[r.DatabaseID] = true
	}
	q.started = time.Now()
	args := []string{"workflow", "run", cfg.Workflow, "--ref=" + q.branch} // one word, so a ref can never be read as a flag
	for _, in := range cfg.Inputs {
		if in.Value != "" {
			args = append(args, "-f", in.Name+"="+in.Value)
		}
	}
	out, err := gh(ctx, cfg, args...)
	if err != nil {
		return err
	}
	id, err := findRun(ctx, cfg, q, out)
	if err != nil {
		return err
	}
	fmt.Fprintf(cfg.Stderr, "remote: watching run %d (%s on %s, dispatched by %s)\n", id, cfg.Workflow, q.branch, q.actor)
	runID := strconv.FormatInt(id, 10)
	watchErr := ghStream(ctx, cfg, "run", "watch", runID, "--exit-status")
	if watchErr != nil {
		watchErr = fmt.Errorf("remote: run %d did not succeed: %w", id, watchErr)
	}
	if _, err := gh(ctx, cfg, "run", "download", runID, "--dir", cfg.Dir, "--pattern", cfg.Artifacts); err != nil {
		return errors.Join(watchErr, err)
	}
	return errors.Join(watchErr, cfg.Render(ctx, cfg.Dir))
}

func withDefaults(cfg Config) Config {
	if cfg.Gh == "" {
		cfg.Gh = "gh"
	}
	if cfg.Workflow == "" {
		cfg.Workflow = "matrix.yml"
	}
	if cfg.Artifacts == "" {
		cfg.Artifacts = "results-*"
	}
	if cfg.Poll <= 0 {
		cfg.Poll = 3 * time.Second
	}
	if cfg.Attempts <= 0 {
		cfg.Attempts = 40
	}
	if cfg.Stdout == nil {
		cfg.Stdout = io.Discard
	}
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
	}
	return cfg
}

// runURL matches the run link that "gh workflow run" prints (gh 2.76 and later; older gh prints
// none when its output is not a terminal, so the lookup below does not depend on it).
var runURL = regexp.MustCompile(`/actions/runs/(\d+)`)

// runFields are the "gh run list --json" fields the lookup reads; gh prints only those asked for.
const runFields = "databaseId,createdAt,headBranch,event"

// listedRun is one row of "gh run list --json " + runFields.
type listedRun struct {
	DatabaseID int64     `json:"databaseId"`
	CreatedAt  time.Time `json:"createdAt"`
	HeadBranch string    `json:"headBranch"`
	Event      string    `json:"event"`
}

// query is what identifies our dispatch among the workflow's runs: its workflow, branch, event and
// actor, created after the dispatch, and not among the runs listed just before it.
type query struct {
	branch, actor string
	started       time.Time
	seen          map[int64]bool
}

// newQuery resolves the branch (cfg.Ref, or the repository's default branch) and the actor (the
// account gh is logged in as).
func newQuery(ctx context.Context, cfg Config) (*query, error) {
	q := &query{branch: cfg.Ref}
	if q.branch == "" {
		out, err := gh(ctx, cfg, "repo", "view", "--json", "defaultBranchRef", "--jq", ".defaultBranchRef.name")
		if err != nil {
			return nil, err
		}
		if q.branch = strings.TrimSpace(string(out)); q.branch == "" {
			return nil, errors.New("remote: gh repo view printed no default branch; set the branch to run")
		}
	}
	out, err := gh(ctx, cfg, "api", "user", "--jq", ".login")
	if err != nil {
		return nil, err
	}
	if q.actor = strings.TrimSpace(string(out)); q.actor == "" {
		return nil, errors.New("remote: gh api user printed no login; is gh logged in (gh auth status)?")
	}
	return q, nil
}

// list returns the workflow's workflow_dispatch runs on the branch by the actor, newest first.
func (q *query) list(ctx context.Context, cfg Config) ([]listedRun, error) {
	out, err := gh(ctx, cfg, "run", "list", "--workflow", cfg.Workflow, "--branch", q.branch, "--event", "workflow_dispatch",
		"--user", q.actor, "--json", runFields, "--limit", "20")
	if err != nil {
		return nil, err
	}
	var runs []listedRun
	if err := json.Unmarshal(out, &runs); err != nil {
		return nil, fmt.Errorf("remote: gh run list printed something that is not a JSON list of runs: %w", err)
	}
	return runs, nil
}

// clockSkew is how far GitHub's clock may be behind this machine's and still count a run created
// "before" the dispatch as ours (the runs listed before the dispatch are excluded anyway).
const clockSkew = 30 * time.Second

// ours keeps the runs that can be the dispatch's: the gh filters again (a gh that ignored one must
// not make us watch someone else's run), created after the dispatch, and new since it.
func (q *query) ours(runs []listedRun) []listedRun {
	return slices.DeleteFunc(runs, func(r listedRun) bool {
		return r.Event != "workflow_dispatch" || r.HeadBranch != q.branch || q.seen[r.DatabaseID] ||
			r.CreatedAt.Before(q.started.Add(-clockSkew))
	})
}

// findRun returns the id of the run the dispatch created: from the URL gh printed when it did, else
// the first run the query finds (the oldest new one: a second dispatch of ours made later cannot
// have been created before this one).
func findRun(ctx context.Context, cfg Config, q *query, dispatchOut []byte) (int64, error) {
	if m := runURL.FindSubmatch(dispatchOut); m != nil {
		return strconv.ParseInt(string(m[1]), 10, 64)
	}
	for attempt := 0; attempt < cfg.Attempts; attempt++ {
		runs, err := q.list(ctx, cfg)
		if err != nil {
			return 0, err
		}
		if runs = q.ours(runs); len(runs) > 0 {
			oldest := slices.MinFunc(runs, func(a, b listedRun) int { return a.CreatedAt.Compare(b.CreatedAt) })
			return oldest.DatabaseID, nil
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(cfg.Poll):
		}
	}
	return 0, fmt.Errorf("remote: no %s run on %s by %s created since the dispatch at %s appeared after %d looks",
		cfg.Workflow, q.branch, q.actor, q.started.Format(time.RFC3339), cfg.Attempts)
}

// gh runs gh and returns its standard output; its standard error goes to cfg.Stderr.
func gh(ctx context.Context, cfg Config, args ...string) ([]byte, error) {
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, cfg.Gh, args...)
	cmd.Stdout, cmd.Stderr = &out, cfg.Stderr
	if err := cmd.Run(); err != nil {
		return out.Bytes(), fmt.Errorf("remote: %s %s: %w", cfg.Gh, strings.Join(args, " "), err)
	}
	return out.Bytes(), nil
}

// ghStream runs gh with its output shown live (gh run watch redraws a progress table).
func ghStream(ctx context.Context, cfg Config, args ...string) error {
	cmd := exec.CommandContext(ctx, cfg.Gh, args...)
	cmd.Stdout, cmd.Stderr = cfg.Stdout, cfg.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %w", cfg.Gh, strings.Join(args, " "), err)
	}
	return nil
}
