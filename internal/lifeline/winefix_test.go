package lifeline

// Under wine (validate:emulated), os.RemoveAll must take Go's fallback deletion (internal/winefix).
import _ "github.com/deflatelab/deflatelab/internal/winefix"
