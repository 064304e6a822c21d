package report

import (
	"fmt"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// maxFindings is how many left-out lines the data-quality list names one by one; a results file with
// thousands of garbage lines would otherwise bury the page.
const maxFindings = 20

// leftOut is what the loader did not count (resultsdir.Screen's findings and the runs given twice): a
// sentence for the banner and data-quality paragraph, and a list naming each line; both empty when
// nothing was left out.
func leftOut(m *model) (sentence string, list []string) {
	if len(m.Findings) == 0 && len(m.Notes) == 0 {
		return "", nil
	}
	var parts []string
	if n := len(m.Findings); n > 0 {
		parts = append(parts, fmt.Sprintf("**%s of results left out** before any statistics (%s)", resultsdir.Lines(n), resultsdir.CountFindings(m.Findings)))
	}
	for _, n := range m.Notes {
		parts = append(parts, n.String())
		list = append(list, "- "+n.String())
	}
	for i, f := range m.Findings {
		if i == maxFindings {
			list = append(list, fmt.Sprintf("- and %d more (see the raw files)", len(m.Findings)-maxFindings))
			break
		}
		list = append(list, fmt.Sprintf("- %s: %s: %s", f.Where, f.Kind, f.Detail))
	}
	return strings.Join(parts, "; ") + ".", list
}
