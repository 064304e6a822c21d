package workflows

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// jobState is what the status functions see when GitHub evaluates a step's if: whether the run was
// cancelled (by hand, by a newer run of its concurrency group, or by the job's timeout-minutes), and
// whether an earlier step failed (a step that passes its own timeout-minutes fails; it does not
// cancel the job).
type jobState struct {
	cancelled, failed bool
}

// exprInText matches one ${{ ... }} in a string value.
var exprInText = regexp.MustCompile(`\$\{\{(.*?)\}\}`)

// interpolate evaluates a string value as GitHub does: every ${{ expr }} replaced by its value.
func interpolate(t *testing.T, text string, ctx map[string]any) string {
	t.Helper()
	return exprInText.ReplaceAllStringFunc(text, func(m string) string {
		return fmt.Sprint(stringOf(eval(t, exprInText.FindStringSubmatch(m)[1], ctx, jobState{})))
	})
}

// condition evaluates an if: as GitHub does: with or without ${{ }}, and with an implicit
// "success() &&" when it calls no status function, so that a plain condition never runs after a
// failure or a cancel.
func condition(t *testing.T, cond string, ctx map[string]any, st jobState) bool {
	t.Helper()
	cond = strings.TrimSpace(cond)
	if m := exprInText.FindStringSubmatch(cond); m != nil && m[0] == cond {
		cond = m[1]
	}
	if cond == "" {
		cond = "success()"
	}
	if !regexp.MustCompile(`\b(success|failure|cancelled|always)\(`).MatchString(cond) {
		cond = "success() && (" + cond + ")"
	}
	return truthy(eval(t, cond, ctx, st))
}

// eval evaluates the subset of GitHub's expression language the workflows use: contexts and their
// properties, string and boolean literals, !, ==, !=, && and || (which return an operand, as in
// GitHub), and the status functions. Anything else fails the test, so a workflow cannot outgrow the
// evaluator unnoticed.
func eval(t *testing.T, src string, ctx map[string]any, st jobState) any {
	t.Helper()
	node, err := actionlint.NewExprParser().Parse(actionlint.NewExprLexer(src + "}}"))
	if err != nil {
		t.Fatalf("expression %q: %v", src, err)
	}
	var ev func(n actionlint.ExprNode) any
	ev = func(n actionlint.ExprNode) any {
		switch n := n.(type) {
		case *actionlint.VariableNode:
			return ctx[n.Name]
		case *actionlint.ObjectDerefNode:
			switch r := ev(n.Receiver).(type) {
			case map[string]any:
				return r[n.Property]
			case []any: // the property of every element: labels.*.name
				var out []any
				for _, e := range r {
					if m, ok := e.(map[string]any); ok {
						out = append(out, m[n.Property])
					}
				}
				return out
			}
			return nil
		case *actionlint.ArrayDerefNode:
			return ev(n.Receiver)
		case *actionlint.StringNode:
			return n.Value
		case *actionlint.BoolNode:
			return n.Value
		case *actionlint.NullNode:
			return nil
		case *actionlint.NotOpNode:
			return !truthy(ev(n.Operand))
		case *actionlint.LogicalOpNode:
			l := ev(n.Left)
			if (n.Kind == actionlint.LogicalOpNodeKindOr) == truthy(l) {
				return l
			}
			return ev(n.Right)
		case *actionlint.CompareOpNode:
			eq := strings.EqualFold(stringOf(ev(n.Left)), stringOf(ev(n.Right)))
			switch n.Kind {
			case actionlint.CompareOpNodeKindEq:
				return eq
			case actionlint.CompareOpNodeKindNotEq:
				return !eq
			}
		case *actionlint.FuncCallNode:
			switch strings.ToLower(n.Callee) {
			case "format": // format('pr-{0}', x): {N} replaced by the N-th argument after the first
				out := stringOf(ev(n.Args[0]))
				for i, a := range n.Args[1:] {
					out = strings.ReplaceAll(out, fmt.Sprintf("{%d}", i), stringOf(ev(a)))
				}
				return out
			case "contains": // an array holding the item, or a string holding it, ignoring case
				item := stringOf(ev(n.Args[1]))
				switch c := ev(n.Args[0]).(type) {
				case []any:
					for _, e := range c {
						if strings.EqualFold(stringOf(e), item) {
							return true
						}
					}
					return false
				default:
					return strings.Contains(strings.ToLower(stringOf(c)), strings.ToLower(item))
				}
			case "always":
				return true
			case "cancelled":
				return st.cancelled
			case "failure":
				return st.failed && !st.cancelled
			case "success":
				return !st.failed && !st.cancelled
			}
		}
		t.Fatalf("expression %q: the test's evaluator does not know %T", src, n)
		return nil
	}
	return ev(node)
}

func truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	}
	return true
}

func stringOf(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	}
	return fmt.Sprint(v)
}

// githubContext is the github context of a push to branch of repo, or, with prFrom set, of a
// pull request from prFrom's branch into repo.
func githubContext(event, repo, branch, prFrom string) map[string]any {
	g := map[string]any{"event_name": event, "repository": repo, "ref_name": branch, "ref": "refs/heads/" + branch, "run_id": "1001"}
	if event == "pull_request" {
		g["head_ref"] = branch
		g["ref_name"] = "7/merge"
		g["ref"] = "refs/pull/7/merge"
		g["event"] = map[string]any{"pull_request": map[string]any{"head": map[string]any{"ref": branch, "repo": map[string]any{"full_name": prFrom}}}}
	} else {
		g["head_ref"] = ""
		g["event"] = map[string]any{}
	}
	return map[string]any{"github": g}
}

func TestEval(t *testing.T) {
	ctx := githubContext("push", "o/r", "main", "")
	tests := []struct {
		src  string
		want any
	}{
		{"github.head_ref || github.ref_name", "main"},
		{"github.event.pull_request.head.repo.full_name || github.repository", "o/r"},
		{"github.event_name != 'pull_request'", true},
		{"github.event_name == 'PUSH'", true}, // GitHub compares strings ignoring case
		{"!cancelled()", true},
		{"github.nothing.here", nil},
	}
	for _, tt := range tests {
		if got := eval(t, tt.src, ctx, jobState{}); got != tt.want {
			t.Errorf("eval(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
	if condition(t, "github.event_name == 'push'", ctx, jobState{failed: true}) {
		t.Error("a plain condition ran after a failure: the implicit success() is missing")
	}
	if !condition(t, "${{ always() }}", ctx, jobState{cancelled: true}) {
		t.Error("always() did not run after a cancel")
	}
}
