package workflows

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeGH is a gh that answers the calls matrix-comment.yml's script makes, from files in its own
// directory, and logs each call: "pulls/N" prints head.sha, ".../comments" lists (or takes) comments.
const fakeGH = `dir="$(dirname "$0")"
echo "gh $*" >> "$dir/calls"
case "$*" in
  *"--method PATCH"*|*"--method POST"*) exit 0 ;;
  *"/pulls/"*) cat "$dir/head" ;;
  *"/comments"*) cat "$dir/existing" ;;
esac
`

// TestCommentScript runs matrix-comment.yml's script under bash with a fake gh: it posts the first
// screen once, updates its own comment in place on a re-run, comments on nothing when the artifact's
// number is not a number or the pull request has moved on (a newer push: its own run comments), and
// passes the body as a file, never through the shell.
func TestCommentScript(t *testing.T) {
	wf := parse(t, ".github/workflows/matrix-comment.yml")
	post := stepNamed(t, wf, "comment", "Post")
	const sha = "0123456789abcdef0123456789abcdef01234567"
	for _, tt := range []struct {
		name, number, head, prHead, existing string
		want                                 []string // substrings of the gh calls, in order; nil: no call writes
		fail                                 bool
	}{
		{name: "first run posts", number: "7", head: sha, prHead: sha, existing: "",
			want: []string{"gh api repos/o/r/pulls/7", "gh api --paginate repos/o/r/issues/7/comments", "gh api --method POST repos/o/r/issues/7/comments -F body=@body.md"}},
		{name: "a re-run updates", number: "7", head: sha, prHead: sha, existing: "991\n992\n",
			want: []string{"gh api --method PATCH repos/o/r/issues/comments/991 -F body=@body.md"}},
		{name: "a newer push", number: "7", head: sha, prHead: "ffff", existing: ""},
		{name: "an artifact naming another head", number: "7", head: "eeee", prHead: sha, existing: ""},
		{name: "not a number", number: "7; rm -rf /", head: sha, prHead: sha, fail: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, "bin")
			fakeCommand(t, bin, "gh", fakeGH)
			os.WriteFile(filepath.Join(bin, "head"), []byte(tt.prHead+"\n"), 0o644)
			os.WriteFile(filepath.Join(bin, "existing"), []byte(tt.existing), 0o644)
			os.MkdirAll(filepath.Join(dir, "pr-comment"), 0o755)
			os.WriteFile(filepath.Join(dir, "pr-comment", "number"), []byte(tt.number+"\n"), 0o644)
			os.WriteFile(filepath.Join(dir, "pr-comment", "head"), []byte(tt.head+"\n"), 0o644)
			os.WriteFile(filepath.Join(dir, "pr-comment", "comment.md"), []byte("# First screen\n$(touch pwned) `touch pwned2`\n"), 0o644)
			out, err := runStep(t, post, dir, bin, "REPO=o/r", "RUN_URL=https://github.com/o/r/actions/runs/9", "RUN_HEAD="+sha, "CONCLUSION=success", "GH_TOKEN=x")
			if (err != nil) != tt.fail {
				t.Fatalf("script: %v, want failure %v\n%s", err, tt.fail, out)
			}
			calls, _ := os.ReadFile(filepath.Join(bin, "calls"))
			wrote := strings.Contains(string(calls), "--method")
			if tt.want == nil && wrote {
				t.Errorf("the script wrote a comment:\n%s", calls)
			}
			last := 0
			for _, w := range tt.want {
				i := strings.Index(string(calls[last:]), w)
				if i < 0 {
					t.Errorf("gh calls lack %q (in order):\n%s", w, calls)
					break
				}
				last += i + len(w)
			}
			if tt.want != nil {
				body, _ := os.ReadFile(filepath.Join(dir, "body.md"))
				if !strings.HasPrefix(string(body), "<!-- deflatelab matrix -->\n") || !strings.Contains(string(body), "https://github.com/o/r/actions/runs/9") ||
					!strings.Contains(string(body), "$(touch pwned) `touch pwned2`") {
					t.Errorf("body:\n%s", body)
				}
			}
			for _, f := range []string{"pwned", "pwned2"} {
				if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
					t.Errorf("the comment's text ran as shell code (%s exists)", f)
				}
			}
		})
	}
}
