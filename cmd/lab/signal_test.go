//go:build unix

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"
)

// SIGTERM stops a command the way Ctrl-C does: its context is cancelled and it ends on its own terms
// (the bench writes bench.txt and run.json and prints its summary), instead of the process dying with
// nothing printed (issue 21 item 4).
func TestSIGTERMCancels(t *testing.T) {
	commands["wait"] = command{main: func(ctx context.Context, _ []string, _, stderr io.Writer) error {
		select {
		case <-ctx.Done():
			fmt.Fprintln(stderr, "wait: summary line")
			return fmt.Errorf("wait: stopped: %w", ctx.Err())
		case <-time.After(20 * time.Second):
			return nil
		}
	}}
	defer delete(commands, "wait")
	time.AfterFunc(300*time.Millisecond, func() { syscall.Kill(syscall.Getpid(), syscall.SIGTERM) })
	var stderr bytes.Buffer
	code := run([]string{"wait"}, io.Discard, &stderr)
	if code != exitError || !strings.Contains(stderr.String(), "summary line") || !strings.Contains(stderr.String(), "context canceled") {
		t.Errorf("exit %d, stderr %q; want the command to end cancelled", code, stderr.String())
	}
}
