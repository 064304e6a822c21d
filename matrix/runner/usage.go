package runner

import (
	"fmt"

	"github.com/deflatelab/deflatelab/matrix"
)

// usageErrorf is a *matrix.UsageError: a bad flag or argument, for which cmd/lab prints the usage and
// exits 2.
func usageErrorf(format string, args ...any) error {
	return &matrix.UsageError{Err: fmt.Errorf(format, args...)}
}
