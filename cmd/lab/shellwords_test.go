package main

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// shellWords splits a command line as a POSIX shell does for the quoting the report's commands use
// (report.shellQuote): words split at spaces, single quotes taken literally, a quote in a quoted word written
// as quote, backslash, quote, quote. Anything else a shell would expand ($, ", \ outside quotes) is refused rather than guessed.
func shellWords(line string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			w.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == '\\' && strings.HasPrefix(line[i:], `\'`):
			w.WriteByte('\'')
			i++
		case c == ' ':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case strings.IndexByte(`"$\`+"`", c) >= 0:
			return nil, errors.New("shellWords: " + string(c) + " in " + line + ": only single quotes are read")
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, errors.New("shellWords: unterminated quote in " + line)
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

func TestShellWords(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string // nil: refused
	}{
		{"report -in a -name b", []string{"report", "-in", "a", "-name", "b"}},
		{"report -title 'Full profile on linux/amd64, backends libc, pages' -date x", []string{"report", "-title", "Full profile on linux/amd64, backends libc, pages", "-date", "x"}},
		{`-title 'it'\''s'`, []string{"-title", "it's"}},
		{"a  ''  b", []string{"a", "", "b"}},
		{"a 'b", nil},
		{"a $HOME", nil},
		{`a "b c"`, nil},
	} {
		got, err := shellWords(c.line)
		if c.want == nil {
			if err == nil {
				t.Errorf("%q: %q, want refused", c.line, got)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%q: %q, %v; want %q", c.line, got, err, c.want)
		}
	}
}
