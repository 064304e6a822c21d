package report

import (
	"os"
	"testing"

	"github.com/deflatelab/deflatelab/internal/ghtest"
	_ "github.com/deflatelab/deflatelab/internal/winefix" // under wine: os.RemoveAll that works there
)

// TestMain keeps this package's tests, and the processes they start, from publishing to a GitHub
// step's summary, outputs or environment: it fails if one of those files changed (internal/ghtest).
// It also removes the committed report's shared rendering (renderExample).
func TestMain(m *testing.M) {
	code := ghtest.Main(m)
	if example.tmp != "" {
		os.RemoveAll(example.tmp)
	}
	os.Exit(code)
}
