package tasks

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/hostbin"
)

// Platforms are the goos/goarch pairs the lab measures: the four GitHub runners' platforms.
var Platforms = []string{"windows/amd64", "windows/arm64", "linux/amd64", "linux/arm64"}

// BinRoot is where the binaries go, one directory per platform (hostbin.Dir): bin/<goos>-<goarch>.
const BinRoot = "bin"

// Build builds, for each platform ("goos/goarch"), every variant's host, zpipe and the validation
// test binaries into bin/<goos>-<goarch>/ (test binaries under tests/). It runs in the module root.
//
// It is incremental through Go itself: the build cache skips unchanged packages, and "go build -o"
// and "go test -c -o" do not rewrite an output whose build ID already matches, so a second run with
// no source change compiles and links nothing; keepTimes undoes the modification time go sets on
// such an output, so an unchanged output is left exactly as it was.
func Build(ctx context.Context, s Streams, platforms []string) error {
	return buildInto(ctx, s, BinRoot, platforms)
}

// buildInto is Build with the binaries under root instead of BinRoot.
func buildInto(ctx context.Context, s Streams, root string, platforms []string) error {
	for _, p := range platforms {
		goos, goarch, ok := strings.Cut(p, "/")
		if !ok || goos == "" || goarch == "" {
			return fmt.Errorf("build: platform %q: want goos/goarch, e.g. one of %s", p, strings.Join(Platforms, ", "))
		}
		dir := hostbin.Dir(root, goos, goarch)
		if !s.Quiet {
			fmt.Fprintf(s.Stderr, "build: %s -> %s\n", p, dir)
		}
		if err := buildPlatform(ctx, s, root, dir, goos, goarch); err != nil {
			return err
		}
	}
	return nil
}

func buildPlatform(ctx context.Context, s Streams, root, dir, goos, goarch string) error {
	defer keepTimes(stampFiles(dir, filepath.Join(dir, "tests")))
	if err := buildHostsInto(ctx, s, root, goos, goarch); err != nil {
		return err
	}
	env := []string{"GOOS=" + goos, "GOARCH=" + goarch}
	if err := goCommand(ctx, s, env, "build", "-o", filepath.Join(dir, exeName("zpipe", goos)), "./cmd/zpipe"); err != nil {
		return fmt.Errorf("build: %w", err)
	}
	args := append([]string{"test", "-c", "-o", filepath.Join(dir, "tests") + string(filepath.Separator)}, ValidationPackages...)
	if err := goCommand(ctx, s, env, args...); err != nil {
		return fmt.Errorf("build: %w", err)
	}
	return nil
}

// BuildHosts builds this platform's hosts, the binaries bench runs. It is cheap when they are up
// to date, and it keeps a bench from measuring hosts older than the source.
func BuildHosts(ctx context.Context, s Streams, goos, goarch string) error {
	return buildHostsInto(ctx, s, BinRoot, goos, goarch)
}

func buildHostsInto(ctx context.Context, s Streams, root, goos, goarch string) error {
	defer keepTimes(stampFiles(hostbin.Dir(root, goos, goarch)))
	stdout, stderr := s.Stdout, s.Stderr
	var buf bytes.Buffer
	if s.Quiet {
		stdout, stderr = &buf, &buf
	}
	if err := hostbin.Build(ctx, goos, goarch, root, hostbin.Hosts(), stdout, stderr); err != nil {
		s.Stderr.Write(buf.Bytes())
		return fmt.Errorf("build: %w", err)
	}
	return nil
}

// exeName adds .exe for Windows.
func exeName(name, goos string) string {
	if goos == "windows" {
		return name + ".exe"
	}
	return name
}
