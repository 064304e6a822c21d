package report

import (
	"regexp"
	"strings"
)

// summaryLink matches a markdown link that is not an image: [text](target), text without brackets.
var summaryLink = regexp.MustCompile(`(^|[^!])\[([^\[\]]+)\]\(([^()\s]+)\)`)

// unlinkRelative keeps the text of every link whose target is not an absolute http(s) URL. A step
// summary is shown on the workflow run's page, where a link relative to the report folder (cells.md,
// raw/, ../docs/METHOD.md) or to a heading of a page that is not there resolves against the run's URL
// and leads nowhere; the workflow names the report artifact and the run page itself.
func unlinkRelative(md string) string {
	return summaryLink.ReplaceAllStringFunc(md, func(s string) string {
		m := summaryLink.FindStringSubmatch(s)
		if strings.HasPrefix(m[3], "https://") || strings.HasPrefix(m[3], "http://") {
			return s
		}
		return m[1] + m[2]
	})
}
