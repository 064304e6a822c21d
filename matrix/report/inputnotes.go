package report

import (
	"fmt"

	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// repeatedRun is a run given twice among the report's inputs: its samples count once, from the group
// that brought it First; Again is the group whose copy was not counted.
type repeatedRun struct {
	Run, First, Again string
}

// uncheckedInput is one input whose samples could not be checked against their run's plan: the report
// renders them alone, and the first page says so at the top.
type uncheckedInput struct {
	Why   uncheckedWhy
	Group string // the input's folder under raw/
	Err   string // the reader's or the plan's error, as it read (empty for manifestIsDir)
}

// uncheckedWhy is why an input's samples went unchecked.
type uncheckedWhy int

const (
	manifestUnreadable uncheckedWhy = iota // run.json is there but cannot be read
	manifestIsDir                          // run.json is a directory
	planInvalid                            // run.json reads, but its plan is not valid
)

// String is the note as the first page and the data-quality paragraph print it.
func (r repeatedRun) String() string {
	return fmt.Sprintf("run `%s` is given twice (raw/%s and raw/%s): counted once, from raw/%s", r.Run, r.First, r.Again, r.First)
}

// String is the reason as the weak-evidence list prints it.
func (u uncheckedInput) String() string {
	switch u.Why {
	case manifestUnreadable:
		return fmt.Sprintf("`raw/%s/%s` cannot be read (%s): the report renders its samples alone, unchecked against their plan", u.Group, resultsdir.ManifestFile, u.Err)
	case manifestIsDir:
		return fmt.Sprintf("`%s` beside raw/%s is a directory, not the runner's manifest: the report renders the samples alone, unchecked against their plan", resultsdir.ManifestFile, u.Group)
	}
	return fmt.Sprintf("the plan in `%s/%s/%s` is not valid (%s): its samples are checked for duplicates only, not against the plan", rawDir, u.Group, resultsdir.ManifestFile, u.Err)
}
