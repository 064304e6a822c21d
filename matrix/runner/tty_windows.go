package runner

import (
	"io"
	"os"

	"golang.org/x/sys/windows"
)

// IsTerminal reports whether w is a console, where a live progress bar makes sense.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	var mode uint32
	return windows.GetConsoleMode(windows.Handle(f.Fd()), &mode) == nil
}
