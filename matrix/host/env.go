package host

import (
	"os"
	"runtime"
	"runtime/debug"
	"strconv"

	"github.com/deflatelab/deflatelab/matrix/procstat"
)

// commit is set at build time by hostbin.Build:
// -ldflags "-X github.com/deflatelab/deflatelab/matrix/host.commit=<git revision>".
// Without it, the build's vcs.revision is used, when the go command recorded one.
var commit string

// CommitFlag is the -X assignment that stamps rev into a host binary.
func CommitFlag(rev string) string {
	return "-X github.com/deflatelab/deflatelab/matrix/host.commit=" + rev
}

// Commit is the revision this binary was built from, "" when unknown; "-dirty" marks a modified tree.
func Commit() string {
	if commit != "" {
		return commit
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev == "" {
		return ""
	}
	return rev + dirty
}

// layout is the link layout seed set at build time by hostbin.Build for a host linked with
// -randlayout (-X github.com/deflatelab/deflatelab/matrix/host.layout=<seed>); empty for the linker's
// own order. A string because -X sets only strings.
var layout string

// LayoutFlag is the -X assignment that stamps layout seed into a host binary.
func LayoutFlag(seed int64) string {
	return "-X github.com/deflatelab/deflatelab/matrix/host.layout=" + strconv.FormatInt(seed, 10)
}

// Layout is the link layout seed this binary was built with (-randlayout), 0 for the linker's own order.
func Layout() int64 {
	n, _ := strconv.ParseInt(layout, 10, 64)
	return n
}

// CurrentPlatform is this binary's goos/goarch: under an emulator, the emulated platform.
func CurrentPlatform() string { return runtime.GOOS + "/" + runtime.GOARCH }

// CurrentEnv describes this process's machine and build. Runner is $RUNNER_NAME (set on GitHub runners),
// else the hostname.
func CurrentEnv() Env {
	runner := os.Getenv("RUNNER_NAME")
	if runner == "" {
		runner, _ = os.Hostname()
	}
	return Env{
		GOOS:       runtime.GOOS,
		GOARCH:     runtime.GOARCH,
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		NumCPU:     runtime.NumCPU(),
		CPU:        procstat.CPUModel(),
		OS:         procstat.OSVersion(),
		GoVersion:  runtime.Version(),
		Commit:     Commit(),
		Runner:     runner,
	}
}
