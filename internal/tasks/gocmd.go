package tasks

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/deflatelab/deflatelab/internal/lifeline"
)

// Streams are where a task's child processes and progress lines write.
type Streams struct {
	Stdout, Stderr io.Writer
	// Quiet keeps child processes' output (and the command echoes) back, printing it only when the
	// command fails: the matrix target's one line per step.
	Quiet bool
}

// goCommand runs "go" from PATH (the toolchain go.mod selects, as GOTOOLCHAIN applies there too)
// with extra environment entries. Cancelling ctx (Ctrl-C, SIGTERM to the target) stops the go command
// and everything it started, "go test"'s test binaries included (lifeline.Group). It echoes the command line first, so that a reader of the CI log
// can rerun exactly what failed; quiet, it prints the command and its output only if it fails.
func goCommand(ctx context.Context, s Streams, env []string, args ...string) error {
	cmd := exec.CommandContext(ctx, "go", args...)
	lifeline.Group(cmd)
	line := fmt.Sprintf("+ %s\n", strings.Join(append(env[:len(env):len(env)], append([]string{"go"}, args...)...), " "))
	var buf bytes.Buffer
	if s.Quiet {
		cmd.Stdout, cmd.Stderr = &buf, &buf
	} else {
		cmd.Stdout, cmd.Stderr = s.Stdout, s.Stderr
		io.WriteString(s.Stderr, line)
	}
	cmd.Env = append(os.Environ(), env...)
	if err := cmd.Run(); err != nil {
		if s.Quiet {
			io.WriteString(s.Stderr, line)
			s.Stderr.Write(buf.Bytes())
		}
		return fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	return nil
}
