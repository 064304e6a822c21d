package runner

import (
	_ "github.com/deflatelab/deflatelab/internal/winefix"
)

// Under wine (validate:emulated), os.RemoveAll must take Go's fallback deletion (internal/winefix).
