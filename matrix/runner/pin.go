package runner

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// HostsDir is the folder of a results directory that holds the run's own copies of its host binaries
// (pinHosts): a run measures the binaries it started with, whatever is rebuilt into bin/ meanwhile.
// Nothing reads it but the runner: a report or a merge needs only the build ids in run.json.
const HostsDir = "hosts"

// buildIDDigits is how much of a binary's SHA-256 names its build: 64 bits tell builds apart.
const buildIDDigits = 16

// BuildID names a host build: the first 16 hex digits of the SHA-256 of its binary.
func BuildID(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("matrix: reading host binary %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil))[:buildIDDigits], nil
}

// BuildError is a run that would measure one variant in two builds: refused before any sample runs.
type BuildError struct {
	Variant string
	Detail  string
}

func (e *BuildError) Error() string {
	return fmt.Sprintf("matrix: variant %s: %s; one run measures one build of each host - rebuild the run's commit, or start a new run (or -out elsewhere)", e.Variant, e.Detail)
}

// pinnedName is a host build's (matrix.HostBuild) copy in a results directory, named like its source
// (hostbin.Stem, .exe kept).
func pinnedName(dir, build, source string) string {
	return filepath.Join(dir, HostsDir, hostbin.Stem(build)+filepath.Ext(source))
}

// pinnedHosts finds a run's pinned copies of the hosts its plan needs (builds: matrix.Plan.HostBuilds,
// a rotating plan's every variant in every layout; sources names the binaries they
// were copied from, for their names); ok is false unless every one is there.
func pinnedHosts(dir string, builds []string, sources map[string]string) (map[string]string, bool) {
	out := map[string]string{}
	for _, hv := range builds {
		p := pinnedName(dir, hv, sources[hv])
		if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
			return nil, false
		}
		out[hv] = p
	}
	return out, true
}

// pinHosts makes dir/hosts hold a copy of each host binary in hosts and returns the copies' paths, and
// the copies it made. A copy already there is kept, never replaced. Each copy must be the build builds
// names (read before the host described itself): a binary rebuilt in between, or a folder holding
// another build, is refused, not measured.
func pinHosts(dir string, hosts, builds map[string]string) (pinned map[string]string, made []string, err error) {
	pinned = map[string]string{}
	for _, hv := range slices.Sorted(maps.Keys(hosts)) {
		src := hosts[hv]
		dst := pinnedName(dir, hv, src)
		if _, err := os.Stat(dst); err != nil { // a copy already there (a resume, or a used folder) is never replaced
			if err := os.MkdirAll(filepath.Join(dir, HostsDir), 0o755); err != nil {
				return nil, made, err
			}
			if err := copyBinary(src, dst); err != nil {
				return nil, made, err
			}
			made = append(made, dst)
		}
		id, err := BuildID(dst)
		if err != nil {
			return nil, made, err
		}
		switch {
		case id != builds[hv] && !slices.Contains(made, dst):
			return nil, made, &BuildError{Variant: hv, Detail: fmt.Sprintf("%s holds build %s, but %s is build %s", dst, id, src, builds[hv])}
		case id != builds[hv]:
			return nil, made, &BuildError{Variant: hv, Detail: fmt.Sprintf("%s changed while the run started (build %s when it described itself, %s when pinned): a rebuild is under way", src, builds[hv], id)}
		}
		pinned[hv] = dst
	}
	return pinned, made, nil
}

// copyBinary copies an executable through a temporary file and a rename, so that a copy cut short is
// never taken for a host.
func copyBinary(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := resultsdir.BeforeWrite("create", dst+".tmp"); err != nil {
		return fmt.Errorf("matrix: pinning host %s: %w", src, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), filepath.Base(dst)+".tmp*")
	if err != nil {
		return err
	}
	_, err = io.Copy(tmp, in)
	if err == nil {
		err = tmp.Chmod(0o755)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), dst)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("matrix: pinning host %s: %w", src, err)
	}
	return nil
}

// sameBuild checks, for a resume, that the hosts about to run are the builds the run measured: the
// build ids it recorded, or, for a run older than them, the commits.
func sameBuild(old matrix.Manifest, hosts, commits, builds map[string]string) error {
	for _, hv := range slices.Sorted(maps.Keys(builds)) {
		switch was := old.Builds[hv]; {
		case was != "" && was != builds[hv]:
			return &BuildError{Variant: hv, Detail: fmt.Sprintf("the run measured build %s (commit %s), but %s is build %s (commit %s)", was, old.Commits[hv], hosts[hv], builds[hv], commits[hv])}
		case was == "" && old.Commits[hv] != "" && old.Commits[hv] != commits[hv]:
			return &BuildError{Variant: hv, Detail: fmt.Sprintf("the run measured commit %s, but %s is commit %s", old.Commits[hv], hosts[hv], commits[hv])}
		}
	}
	return nil
}

// mixedBuild checks that the recorded samples ran the builds about to run.
func mixedBuild(samples []matrix.Sample, builds map[string]string) error {
	for _, s := range samples {
		if hv := matrix.HostBuildOf(s); s.Build != "" && builds[hv] != "" && s.Build != builds[hv] {
			return &BuildError{Variant: hv, Detail: fmt.Sprintf("%s round %d (%s) ran build %s, the hosts now are build %s", s.Cell, s.Round, s.Variant, s.Build, builds[hv])}
		}
	}
	return nil
}
