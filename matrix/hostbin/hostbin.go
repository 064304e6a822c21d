// Package hostbin builds the per-variant host binaries from cmd/host and finds them:
// <dir>/<goos>-<goarch>/host-<variant>[.exe], one per variant, differing only in the variant linked in,
// and host-<variant>-layout<N>[.exe] for a variant linked with layout seed N (matrix.HostBuild).
package hostbin

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/internal/lifeline"
	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/host"
	"github.com/deflatelab/deflatelab/variants"
	_ "github.com/deflatelab/deflatelab/variants/all" // registers every variant, for Variants
)

// Variants are the variants cmd/host can be built with, each with a build tag variant_<name>: the
// registry's (variants.Names, every variant variants/all links in), so a registered variant is a host,
// a plan's candidate and a profile's without another list to edit. TestAddingAVariant checks that each
// has its cmd/host/link_<name>.go (docs/ARCHITECTURE.md, "Adding a variant").
func Variants() []string { return variants.Names() }

// Package is the import path built into every host.
const Package = "github.com/deflatelab/deflatelab/cmd/host"

// Dir is the platform directory under a binaries root: root/<goos>-<goarch>, e.g. bin/linux-amd64.
func Dir(root, goos, goarch string) string { return filepath.Join(root, goos+"-"+goarch) }

// Hosts are the host builds (matrix.HostBuild) a platform's bin directory holds: one per variant, and
// AA's, control linked with matrix.AALayout.
func Hosts() []string { return append(Variants(), matrix.HostBuild(matrix.AA)) }

// Root is the binaries root of a platform directory (Dir's inverse).
func Root(dir string) string { return filepath.Dir(dir) }

// Path is a host build (matrix.HostBuild) in a platform directory (see Dir): dir/Stem(build), plus .exe
// on Windows.
func Path(dir, goos, build string) string { return filepath.Join(dir, name(goos, build)) }

// Stem is a host build's file name without .exe: host-<variant>, or host-<variant>-layout<N> for one
// linked with layout seed N (no '@', '=' or '.' in a file name: filepath.Ext must find only .exe).
func Stem(build string) string {
	v, seed := matrix.SplitHostBuild(build)
	if seed == 0 {
		return "host-" + v
	}
	return fmt.Sprintf("host-%s-layout%d", v, seed)
}

func name(goos, build string) string {
	n := Stem(build)
	if goos == "windows" {
		n += ".exe"
	}
	return n
}

// ldflagsFor is a host build's -ldflags: common, plus for a layout seed the linker's shuffle of function
// order (-randlayout, which every target links with, Windows included) and the seed stamped for
// -describe (host.LayoutFlag).
func ldflagsFor(common string, seed int64) string {
	if seed == 0 {
		return common
	}
	return fmt.Sprintf("%s -randlayout=%d %s", common, seed, host.LayoutFlag(seed))
}

// Build compiles one host per host build (a variant, or a variant with a layout seed: matrix.HostBuild)
// into Dir(outDir, goos, goarch), running the go command in the current directory (which must be
// inside this module). Native builds use cgo when the go command has
// it enabled, so that the libc backend exists; cross builds set CGO_ENABLED=0. Each host is stamped with
// the current git revision (see host.CommitFlag) when git can tell it.
func Build(ctx context.Context, goos, goarch, outDir string, builds []string, stdout, stderr io.Writer) error {
	if len(builds) == 0 {
		return fmt.Errorf("hostbin: no variants to build; allowed: %v, each optionally with %sN", Variants(), matrix.LayoutTag)
	}
	for _, b := range builds {
		if v, seed := matrix.SplitHostBuild(b); !slices.Contains(Variants(), v) || matrix.WithLayout(v, seed) != b {
			return fmt.Errorf("hostbin: unknown variant %q; allowed: %v, each optionally with %sN (N 1..2^63-1)", b, Variants(), matrix.LayoutTag)
		}
	}
	dir := Dir(outDir, goos, goarch)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	env := append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch)
	if goos != runtime.GOOS || goarch != runtime.GOARCH {
		env = append(env, "CGO_ENABLED=0")
	}
	ldflags := "-s -w"
	if rev := gitRevision(ctx, ""); rev != "" {
		ldflags += " " + host.CommitFlag(rev)
	}
	for _, b := range builds {
		out := Path(dir, goos, b)
		v, seed := matrix.SplitHostBuild(b)
		// -trimpath: the binary holds no path of this checkout, so the same commit built by the same
		// toolchain in another directory - another runner's checkout, a replica's leg - is the same
		// build (its id is the binary's hash), and lab merge can combine the legs.
		cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-tags", "variant_"+v, "-ldflags", ldflagsFor(ldflags, seed), "-o", out, Package)
		lifeline.Group(cmd) // a cancelled build stops the compiler and linker it started too
		cmd.Env, cmd.Stdout, cmd.Stderr = env, stdout, stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("hostbin: building %s for %s/%s: %w", out, goos, goarch, err)
		}
	}
	return nil
}

// generatedPaths are the repository's directories that the lab's own commands write (results, reports,
// binaries): a change there is not a change of the code a host is built from, so it does not make the
// revision "-dirty". Without this, "mage matrix" writing reports/ stamped the next run's hosts dirty.
var generatedPaths = []string{"results", "reports", "bin"}

// gitRevision is HEAD's revision of the repository around dir ("" = the current directory), with
// "-dirty" when a tracked file outside generatedPaths has changed, or "" outside git.
func gitRevision(ctx context.Context, dir string) string {
	git := func(args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, "git", args...)
		cmd.Dir = dir
		return cmd.Output()
	}
	rev, err := git("rev-parse", "HEAD")
	if err != nil {
		return ""
	}
	s := strings.TrimSpace(string(rev))
	args := []string{"status", "--porcelain", "--untracked-files=no", "--", ":(top)"}
	for _, p := range generatedPaths {
		args = append(args, ":(top,exclude)"+p)
	}
	if st, err := git(args...); err == nil && len(bytes.TrimSpace(st)) > 0 {
		s += "-dirty"
	}
	return s
}
