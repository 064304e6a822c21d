package runner

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// Settings are the run settings both doors take - lab bench's flags and the mage targets' DEFLATELAB_*
// variables - checked by one function, so that the same input is refused with the same message through
// either (a nil list is "the profile's", not checked). Plan.Validate checks a whole plan the same way.
type Settings struct {
	Variants  []string
	Workloads []string
	DOPs      []int
}

// Check refuses duplicates, unknown names and values out of bounds, naming the value and what is allowed.
func (s Settings) Check() error {
	if s.Variants != nil {
		if err := CheckCandidates(s.Variants); err != nil {
			return err
		}
	}
	if s.Workloads != nil {
		if err := matrix.CheckNames("workload", s.Workloads, workload.Names()); err != nil {
			return err
		}
	}
	if s.DOPs != nil {
		return matrix.CheckDOPs(s.DOPs)
	}
	return nil
}

// ParseDOPs reads a comma-separated list of degrees of parallelism (lab bench -dops, DEFLATELAB_DOPS)
// and checks it as Settings.Check does.
func ParseDOPs(raw string) ([]int, error) {
	var dops []int
	for _, f := range CommaList(raw) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("matrix: DOP %q is not an integer; allowed: integers 1..%d, comma-separated (e.g. 1,4,8,12)", f, hostresult.MaxDOP)
		}
		dops = append(dops, n)
	}
	if dops == nil {
		return nil, fmt.Errorf("matrix: no DOPs in %q; give at least one, each 1..%d", strings.TrimSpace(raw), hostresult.MaxDOP)
	}
	return dops, matrix.CheckDOPs(dops)
}
