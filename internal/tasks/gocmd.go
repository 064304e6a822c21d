package tasks

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// Streams are where a task's child processes and progress lines write.
type Streams struct {
	Stdout, Stderr io.Writer
}

// goCommand runs "go" from PATH (the toolchain go.mod selects, as GOTOOLCHAIN applies there too)
// with extra environment entries, echoing the command line first so that a reader of the
// CI log can rerun exactly what failed.
func goCommand(ctx context.Context, s Streams, env []string, args ...string) error {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Stdout, cmd.Stderr = s.Stdout, s.Stderr
	cmd.Env = append(os.Environ(), env...)
	fmt.Fprintf(s.Stderr, "+ %s\n", strings.Join(append(env[:len(env):len(env)], append([]string{"go"}, args...)...), " "))
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	return nil
}
