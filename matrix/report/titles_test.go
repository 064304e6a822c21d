package report

import (
	"regexp"
	"strings"
	"testing"
)

// No page of a report says its title twice: its "# Title" is not followed by a "## Title" (issue 36:
// capacity.md and environment.md did).
func TestNoPageRepeatsItsTitle(t *testing.T) {
	heading := regexp.MustCompile(`(?m)^(#+) (.*)$`)
	for name, page := range laidOut(t, Options{In: []string{coldStartFixture(t)}, Name: "titles"}) {
		hs := heading.FindAllStringSubmatch(page, -1)
		if len(hs) == 0 || hs[0][1] != "#" {
			continue
		}
		for _, h := range hs[1:] {
			if strings.EqualFold(h[2], hs[0][2]) {
				t.Errorf("%s: the title %q again as %s %s", name, hs[0][2], h[1], h[2])
			}
		}
	}
}
