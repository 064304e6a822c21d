package lifeline

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

var errParentGone = errors.New("the go command that started this process has exited")

// parentGone is closed when this process's parent has exited: a wait on a handle to it (Windows keeps
// a dead parent's pid, so polling it would not tell).
func parentGone() <-chan struct{} {
	ch := make(chan struct{})
	h, err := windows.OpenProcess(windows.SYNCHRONIZE, false, uint32(os.Getppid()))
	if errors.Is(err, windows.ERROR_INVALID_PARAMETER) { // no such process: the parent is gone already
		close(ch)
		return ch
	}
	if err != nil {
		return ch // cannot be watched: never closed, rather than stopping every run
	}
	go func() {
		windows.WaitForSingleObject(h, windows.INFINITE)
		windows.CloseHandle(h)
		close(ch)
	}()
	return ch
}
