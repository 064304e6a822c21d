package resultsdir

import (
	"os"
	"path/filepath"
)

// Files that mark a report folder (matrix/report writes both beside raw/, where it copies each run's
// folder): resultsdir cannot import the report, and a test there holds these names to what it writes.
const (
	ReportRawDir = "raw"        // the report's copies of the runs' folders, one folder each
	reportReadme = "README.md"  // the report's first page
	reportCells  = "cells.json" // the report's per-cell records (stats.CellsFile)
)

// InReportCopy reports whether dir is a report's copy of a run's folder (<report>/raw/<group>): a
// resume there would split the run in two, its new samples in the report and the rest in the results
// folder it was written to (run.json's dir).
func InReportCopy(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	raw := filepath.Dir(abs)
	if filepath.Base(raw) != ReportRawDir {
		return false
	}
	report := filepath.Dir(raw)
	for _, f := range []string{reportReadme, reportCells} {
		if st, err := os.Stat(filepath.Join(report, f)); err != nil || !st.Mode().IsRegular() {
			return false
		}
	}
	return true
}
