package lifeline

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// parentPoll is how often UnderGoRun looks for its parent: a stopped go command leaves its child at
// most this long.
const parentPoll = 250 * time.Millisecond

// UnderGoRun returns ctx, cancelled also when the go command that started this process with "go
// run" has gone, when this process runs a binary go run built: in its work directory
// ($WORK/bNNN/exe/NAME) or, since Go 1.24 caches go run's binaries, in the build cache
// (GOCACHE/xx/<hash>-d/NAME). "go
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

// goCacheExe matches the end of a binary's path in the go build cache: a two-hex-digit directory, then
// the action's hash with "-d", then the binary.
var goCacheExe = regexp.MustCompile(`/[0-9a-f]{2}/[0-9a-f]{64}-d/[^/]+$`)

// builtByGoRun says whether exe is a binary "go run" built: it lives in an "exe" directory under the go
// command's work directory, go-build*, or in the build cache.
func builtByGoRun(exe string) bool {
	exe = filepath.ToSlash(exe)
	inWork := filepath.Base(filepath.Dir(exe)) == "exe" && strings.Contains(exe, "/go-build")
	return inWork || goCacheExe.MatchString(exe)
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
