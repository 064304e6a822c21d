package report

import (
	"fmt"
	"html"
	"regexp"
	"strings"
)

// This file turns a report page into HTML the way GitHub lays it out, closely enough to measure its
// tables: headings, paragraphs, lists, block quotes, tables, images, code blocks and raw <details> tags.

// pageCSS approximates GitHub's markdown body: 16px sans-serif text, tables with 6px 13px cell padding
// and 1px borders, GitHub's block margins (16px under each block, headings 24px above) and heading sizes,
// on a page of pageWidth pixels with 32px padding.
const pageCSS = `body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5}
.markdown-body{box-sizing:border-box;width:%dpx;padding:32px}
table{border-collapse:collapse;display:block;width:max-content;max-width:100%%;overflow:auto}
td,th{padding:6px 13px;border:1px solid #d0d7de}
img{max-width:100%%}
blockquote{margin:0;padding:0 1em;border-left:.25em solid #d0d7de}
p,blockquote,ul,ol,table,pre{margin-top:0;margin-bottom:16px}
h1,h2,h3,h4{margin-top:24px;margin-bottom:16px;font-weight:600;line-height:1.25}
h1{font-size:2em;padding-bottom:.3em;border-bottom:1px solid #d0d7de}
h2{font-size:1.5em;padding-bottom:.3em;border-bottom:1px solid #d0d7de}
.markdown-body>:first-child{margin-top:0}`

var (
	mdImage = regexp.MustCompile(`!\[([^\]]*)\]\(([^)]+)\)`)
	mdLink  = regexp.MustCompile(`\[([^\]]+)\]\(([^)]+)\)`)
	mdBold  = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	mdCode  = regexp.MustCompile("`([^`]+)`")
)

// inline renders a line's emphasis, code, images and links.
func inline(s string) string {
	if strings.HasPrefix(s, "<") { // raw HTML passes through
		return s
	}
	s = html.EscapeString(s)
	s = mdCode.ReplaceAllString(s, "<code>$1</code>")
	s = mdBold.ReplaceAllString(s, "<strong>$1</strong>")
	s = mdImage.ReplaceAllString(s, `<img alt="$1" src="$2">`)
	s = mdLink.ReplaceAllString(s, `<a href="$2">$1</a>`)
	return s
}

// splitRow splits a markdown table row into its cells, honouring escaped pipes.
func splitRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	line = strings.ReplaceAll(line, `\|`, "\x00")
	cells := strings.Split(line, "|")
	for i, c := range cells {
		cells[i] = strings.ReplaceAll(strings.TrimSpace(c), "\x00", "|")
	}
	return cells
}

// mdTables returns every table of a markdown page: its header and rows.
func mdTables(page string) [][][]string {
	var out [][][]string
	var cur [][]string
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(line, "|") {
			if !strings.HasPrefix(line, "| ---") {
				cur = append(cur, splitRow(line))
			}
			continue
		}
		if cur != nil {
			out = append(out, cur)
			cur = nil
		}
	}
	if cur != nil {
		out = append(out, cur)
	}
	return out
}

// toHTML renders a report page as a standalone HTML document of the given width.
func toHTML(page string, width int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>"+pageCSS+"</style></head><body><div class=\"markdown-body\">\n", width)
	lines := strings.Split(page, "\n")
	var para []string
	flush := func() {
		if len(para) > 0 {
			fmt.Fprintf(&b, "<p>%s</p>\n", strings.Join(para, " "))
			para = nil
		}
	}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case strings.HasPrefix(line, "```"):
			flush()
			b.WriteString("<pre><code>")
			for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
				b.WriteString(html.EscapeString(lines[i]) + "\n")
			}
			b.WriteString("</code></pre>\n")
		case strings.HasPrefix(line, "#"):
			flush()
			n := len(line) - len(strings.TrimLeft(line, "#"))
			text := strings.TrimSpace(line[n:])
			fmt.Fprintf(&b, "<h%d id=\"%s\">%s</h%d>\n", n, githubAnchor(text), inline(text), n)
		case strings.HasPrefix(line, "|"):
			flush()
			b.WriteString("<table>\n")
			for first := true; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
				if strings.HasPrefix(lines[i], "| ---") {
					continue
				}
				tag := "td"
				if first {
					tag, first = "th", false
				}
				b.WriteString("<tr>")
				for _, c := range splitRow(lines[i]) {
					fmt.Fprintf(&b, "<%s>%s</%s>", tag, inline(c), tag)
				}
				b.WriteString("</tr>\n")
			}
			i--
			b.WriteString("</table>\n")
		case strings.HasPrefix(line, "> "):
			flush()
			b.WriteString("<blockquote>")
			for ; i < len(lines) && strings.HasPrefix(lines[i], ">"); i++ {
				l := strings.TrimSpace(strings.TrimPrefix(lines[i], ">"))
				switch {
				case l == "[!WARNING]":
				case strings.HasPrefix(l, "- "):
					fmt.Fprintf(&b, "<li>%s</li>", inline(l[2:]))
				case l != "":
					fmt.Fprintf(&b, "<p>%s</p>", inline(l))
				}
			}
			i--
			b.WriteString("</blockquote>\n")
		case strings.HasPrefix(line, "- "):
			flush()
			fmt.Fprintf(&b, "<ul><li>%s</li></ul>\n", inline(line[2:]))
		case strings.TrimSpace(line) == "":
			flush()
		case strings.HasSuffix(line, "\\"): // a hard line break (GitHub's trailing backslash)
			para = append(para, inline(strings.TrimSuffix(line, "\\"))+"<br>")
		default:
			para = append(para, inline(line))
		}
	}
	flush()
	b.WriteString("</div></body></html>\n")
	return b.String()
}
