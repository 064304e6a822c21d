package lifeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// parentPoll is how often UnderGoRun looks for its parent: a stopped go command leaves its child at
// most this long.
const parentPoll = 250 * time.Millisecond

// UnderGoRun returns ctx, cancelled also when the go command that started this process with "go
// run" has gone, when this process runs from go run's build directory ($WORK/bNNN/exe/NAME). "go
// run" exits on SIGTERM without waiting for its child (it ignores only SIGINT and SIGQUIT, which a
// terminal sends the whole process group), so "kill <go's pid>" would otherwise leave the child running
// alone. A program started any other way (a built binary, go tool, nohup) is left to its own signals.
func UnderGoRun(ctx context.Context) context.Context {
	exe, err := os.Executable()
	if err != nil || !builtByGoRun(exe) {
		return ctx
	}
	return WithParent(ctx)
}

// builtByGoRun says whether exe is a binary "go run" built: it lives in an "exe" directory under the go
// command's work directory, go-build*.
func builtByGoRun(exe string) bool {
	return filepath.Base(filepath.Dir(exe)) == "exe" && strings.Contains(filepath.ToSlash(exe), "/go-build")
}

// WithParent returns ctx, cancelled also when this process's parent exits.
func WithParent(ctx context.Context) context.Context {
	ctx, cancel := context.WithCancelCause(ctx)
	gone := parentGone()
	go func() {
		select {
		case <-gone:
			cancel(errParentGone)
		case <-ctx.Done():
		}
	}()
	return ctx
}
