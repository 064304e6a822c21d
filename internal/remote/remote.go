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
	Gh       string        // gh executable; default "gh" from PATH
	Workflow string        // workflow file name; default "matrix.yml"
	Ref      string        // branch or tag to run; default: the repository's default branch
	Inputs   []Input       // empty values are left out, so the workflow's defaults apply
	Dir      string        // directory to download the artifacts into; required
	Poll     time.Duration // how often to look for the dispatched run; default 3s
	Attempts int           // how many times to look before giving up; default 40

	// Render turns the downloaded artifacts in Dir into a report (report.Main in the mage target).
	Render func(ctx context.Context, dir string) error

	Stdout, Stderr io.Writer
}

// Run dispatches the workflow, waits for its run to finish, downloads every artifact into cfg.Dir
// and renders the report from them. A run that fails still has its
// artifacts downloaded and rendered (the other platforms' samples are worth reading), and the
// failure is returned with whatever else went wrong.
func Run(ctx context.Context, cfg Config) error {
	cfg = withDefaults(cfg)
	if cfg.Dir == "" {
		return errors.New("remote: Config.Dir (the download directory) is required")
	}
	if cfg.Render == nil {
		return errors.New("remote: Config.Render is required")
	}
	started := time.Now()
	args := []string{"workflow", "run", cfg.Workflow}
	if cfg.Ref != "" {
		args = append(args, "--ref="+cfg.Ref) // one word, so a ref can never be read as a flag
	}
	for _, in := range cfg.Inputs {
		if in.Value != "" {
			args = append(args, "-f", in.Name+"="+in.Value)
		}
	}
	out, err := gh(ctx, cfg, args...)
	if err != nil {
		return err
	}
	id, err := findRun(ctx, cfg, out, started)
	if err != nil {
		return err
	}
	fmt.Fprintf(cfg.Stderr, "remote: watching run %d\n", id)
	runID := strconv.FormatInt(id, 10)
	watchErr := ghStream(ctx, cfg, "run", "watch", runID, "--exit-status")
	if watchErr != nil {
		watchErr = fmt.Errorf("remote: run %d did not succeed: %w", id, watchErr)
	}
	if _, err := gh(ctx, cfg, "run", "download", runID, "--dir", cfg.Dir); err != nil {
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

// runURL matches the run link that "gh workflow run" prints (gh 2.76 and later).
var runURL = regexp.MustCompile(`/actions/runs/(\d+)`)

// listedRun is one row of "gh run list --json databaseId,createdAt".
type listedRun struct {
	DatabaseID int64     `json:"databaseId"`
	CreatedAt  time.Time `json:"createdAt"`
}

// clockSkew is how far GitHub's clock may be behind this machine's and still count a run created
// "before" the dispatch as ours.
const clockSkew = 30 * time.Second

// findRun returns the id of the run the dispatch created: from the URL gh printed when it did, else
// the newest workflow_dispatch run of the workflow created after the dispatch (older gh prints
// nothing, and the run appears in the list a few seconds later).
func findRun(ctx context.Context, cfg Config, dispatchOut []byte, started time.Time) (int64, error) {
	if m := runURL.FindSubmatch(dispatchOut); m != nil {
		return strconv.ParseInt(string(m[1]), 10, 64)
	}
	for attempt := 0; attempt < cfg.Attempts; attempt++ {
		out, err := gh(ctx, cfg, "run", "list", "--workflow", cfg.Workflow, "--event", "workflow_dispatch",
			"--json", "databaseId,createdAt", "--limit", "20")
		if err != nil {
			return 0, err
		}
		var runs []listedRun
		if err := json.Unmarshal(out, &runs); err != nil {
			return 0, fmt.Errorf("remote: gh run list printed something that is not a JSON list of runs: %w", err)
		}
		runs = slices.DeleteFunc(runs, func(r listedRun) bool { return r.CreatedAt.Before(started.Add(-clockSkew)) })
		if len(runs) > 0 {
			newest := slices.MaxFunc(runs, func(a, b listedRun) int { return a.CreatedAt.Compare(b.CreatedAt) })
			return newest.DatabaseID, nil
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(cfg.Poll):
		}
	}
	return 0, fmt.Errorf("remote: no %s run created since the dispatch at %s appeared after %d looks", cfg.Workflow, started.Format(time.RFC3339), cfg.Attempts)
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
