package resultsdir

import (
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"
)

// RunID names a new run: its start time (to the second, which the report reads back as the run's
// date), its platform, and eight random hex digits. Samples are paired and runs counted once by this id,
// so it must differ between runs: two benches started in the same second on one machine (two mage
// targets at once) got the same time-and-platform id, and a report of both merged their rounds and
// counted one run.
func RunID(start time.Time, platform string) string {
	var b [4]byte
	rand.Read(b[:]) // never fails (crypto/rand's documented guarantee since Go 1.24)
	return start.UTC().Format("20060102T150405Z") + "-" + strings.ReplaceAll(platform, "/", "-") + "-" + hex.EncodeToString(b[:])
}
