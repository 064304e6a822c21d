//go:build unix

package lifeline

import (
	"errors"
	"os"
	"time"
)

var errParentGone = errors.New("the go command that started this process has exited")

// parentGone is closed when this process's parent has exited: on Unix the orphan is adopted by init
// or a subreaper, so its parent pid changes.
func parentGone() <-chan struct{} {
	ch := make(chan struct{})
	ppid := os.Getppid()
	go func() {
		for os.Getppid() == ppid {
			time.Sleep(parentPoll)
		}
		close(ch)
	}()
	return ch
}
