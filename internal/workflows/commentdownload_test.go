package workflows

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommentDownloadFailures holds matrix-comment.yml to telling "nothing to post" from a failure: no
// step may continue on error; the find step, run with a stand-in gh, says present=true when the run
// left a pr-comment artifact, present=false with a notice when it left none (a green job, no download,
// no post), and fails the job when the API call fails (issue 47 item 5: a continue-on-error download
// hid API and permission errors as a green job without a comment).
func TestCommentDownloadFailures(t *testing.T) {
	wf := parse(t, ".github/workflows/matrix-comment.yml")
	for id, job := range wf.Jobs {
		if job.ContinueOnError != nil {
			t.Errorf("matrix-comment.yml job %s continues on error", id)
		}
		for _, st := range job.Steps {
			if st.ContinueOnError != nil {
				name := ""
				if st.Name != nil {
					name = st.Name.Value
				}
				t.Errorf("matrix-comment.yml step %q continues on error: an API or permission error would read as nothing to post", name)
			}
		}
	}
	find := stepNamed(t, wf, "comment", "Find")
	if find.ID == nil || find.ID.Value != "find" {
		t.Fatal(`matrix-comment.yml: the find step's id must be "find", which the later steps' if: read`)
	}
	for _, tt := range []struct {
		name, ghScript, present string
		fail                    bool
	}{
		{name: "artifact present", ghScript: "printf 'report\\npr-comment\\n'\n", present: "true"},
		{name: "no artifact", ghScript: "printf 'report\\n'\n", present: "false"},
		{name: "no artifacts at all", ghScript: "", present: "false"},
		{name: "a similar name only", ghScript: "printf 'pr-comment-old\\n'\n", present: "false"},
		{name: "API refuses", ghScript: "echo 'HTTP 403: Resource not accessible by integration' >&2; exit 1\n", fail: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, "bin")
			fakeCommand(t, bin, "gh", tt.ghScript)
			output := filepath.Join(dir, "output")
			out, err := runStep(t, find, dir, bin, "GITHUB_OUTPUT="+output, "REPO=o/r", "RUN_ID=9", "GH_TOKEN=x")
			if (err != nil) != tt.fail {
				t.Fatalf("find step (%s): error %v, want failure %v\n%s", tt.name, err, tt.fail, out)
			}
			if tt.fail {
				return
			}
			b, _ := os.ReadFile(output)
			if got := strings.TrimSpace(string(b)); got != "present="+tt.present {
				t.Errorf("outputs %q, want present=%s", got, tt.present)
			}
			if tt.present == "false" && !strings.Contains(string(out), "::notice::") {
				t.Errorf("nothing to post, and no notice says so:\n%s", out)
			}
			ctx := githubContext("workflow_run", "o/r", "main", "")
			ctx["steps"] = map[string]any{"find": map[string]any{"outputs": map[string]any{"present": tt.present}}}
			for _, prefix := range []string{"Download", "Post"} {
				st := stepNamed(t, wf, "comment", prefix)
				cond := ""
				if st.If != nil {
					cond = st.If.Value
				}
				if got := condition(t, cond, ctx, jobState{}); got != (tt.present == "true") {
					t.Errorf("%s step runs %v with present=%s (if: %s)", prefix, got, tt.present, cond)
				}
			}
		})
	}
}
