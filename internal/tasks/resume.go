package tasks

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// planVars are the variables that make a plan; a resumed run takes its plan from its run.json, so
// they cannot be set with EnvResume (lab bench -resume refuses the flags they become).
var planVars = append([]string{EnvProfile, EnvVariants, EnvWorkloads, EnvDOPs, EnvBackends, EnvAdaptive, EnvZlibNG}, settingVars()...)

// resumeConflicts returns the plan variables getenv sets alongside EnvResume, as an error naming
// them, or nil.
func resumeConflicts(getenv func(string) string) error {
	if strings.TrimSpace(getenv(EnvResume)) == "" {
		return nil
	}
	var set []string
	for _, k := range planVars {
		if strings.TrimSpace(getenv(k)) != "" {
			set = append(set, k)
		}
	}
	if set == nil {
		return nil
	}
	return fmt.Errorf("%s=%q continues that run with the plan in its %s; unset %s", EnvResume, getenv(EnvResume),
		resultsdir.ManifestFile, strings.Join(set, ", "))
}

// checkResume checks, before anything is built, that o.Resume is a run directory: one with the
// run.json a run writes first.
func (o Options) checkResume() error {
	if _, err := os.Stat(filepath.Join(o.Resume, resultsdir.ManifestFile)); err != nil {
		return fmt.Errorf("%s=%q: not a run directory (no %s there): name a directory a bench wrote, e.g. results/<run>", EnvResume, o.Resume, resultsdir.ManifestFile)
	}
	return nil
}
