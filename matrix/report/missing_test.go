package report

import (
	"slices"
	"strings"
	"testing"
)

func TestMissingPlatforms(t *testing.T) {
	samples := map[string]int{"linux/amd64": 72, "windows/amd64": 0}
	got := missingPlatforms([]string{"linux/amd64", "windows/amd64", "windows/arm64", "windows/arm64"}, samples)
	if want := []string{"windows/amd64", "windows/arm64"}; !slices.Equal(got, want) {
		t.Errorf("missingPlatforms = %v, want %v", got, want)
	}
	if got := missingPlatforms(nil, samples); got != nil {
		t.Errorf("no plan: %v, want none", got)
	}
	var b strings.Builder
	writeMissing(&b, &model{Missing: got})
	if !strings.Contains(b.String(), "No results from windows/amd64, windows/arm64") {
		t.Errorf("writeMissing wrote %q", b.String())
	}
	for _, p := range []string{"linux", "linux/", "/amd64", "a/b/c"} {
		if checkPlanned([]string{p}) == nil {
			t.Errorf("checkPlanned(%q) accepted it", p)
		}
	}
}

// The step summary keeps absolute links and the text of every other one: on the run's page a link
// into the report folder resolves against the run's URL.
func TestUnlinkRelative(t *testing.T) {
	in := "see [cells](cells.md), [raw data](raw/), [method](../docs/METHOD.md#x), [the run](https://github.com/o/r/actions/runs/1) and ![chart](summary.svg); [weak](environment.md#weak-evidence)\n"
	want := "see cells, raw data, method, [the run](https://github.com/o/r/actions/runs/1) and ![chart](summary.svg); weak\n"
	if got := unlinkRelative(in); got != want {
		t.Errorf("unlinkRelative:\n got %q\nwant %q", got, want)
	}
}
