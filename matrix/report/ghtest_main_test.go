package report

import (
	"os"
	"testing"

	"github.com/deflatelab/deflatelab/internal/ghtest"
	_ "github.com/deflatelab/deflatelab/internal/winefix" // under wine: os.RemoveAll that works there
)

// TestMain keeps this package's tests, and the processes they start, from publishing to a GitHub
// step's summary, outputs or environment: it fails if one of those files changed (internal/ghtest).
func TestMain(m *testing.M) {
	os.Exit(ghtest.Main(m))
}
