package resultsdir

import (
	"regexp"
	"testing"
	"time"
)

// TestRunIDUnique: runs started in the same second on one platform get different ids, each still
// starting with the time the report reads as the run's date.
func TestRunIDUnique(t *testing.T) {
	start := time.Date(2026, 11, 30, 23, 11, 46, 0, time.UTC)
	shape := regexp.MustCompile(`^20261130T231146Z-linux-amd64-[0-9a-f]{8}$`)
	seen := map[string]bool{}
	for range 100 {
		id := RunID(start, "linux/amd64")
		if !shape.MatchString(id) {
			t.Fatalf("run id %q, want the shape %s", id, shape)
		}
		if seen[id] {
			t.Fatalf("run id %q given twice for runs started in the same second", id)
		}
		seen[id] = true
	}
}
