//go:build unix

package tasks

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// termOnce makes InterruptOnTerm idempotent.
var termOnce sync.Once

// InterruptOnTerm makes SIGTERM stop a mage target as Ctrl-C does. Mage's generated main cancels the
// target's context on SIGINT only; SIGTERM would kill the process at once (a bench's run.json left
// "running", its go test children orphaned). The first SIGTERM is turned into a SIGINT to this
// process; later ones are dropped, because a second SIGINT makes mage exit without waiting for the
// target. The magefile calls it from init.
func InterruptOnTerm() {
	termOnce.Do(func() {
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, syscall.SIGTERM)
		go func() {
			<-ch
			syscall.Kill(os.Getpid(), syscall.SIGINT)
			for range ch {
			}
		}()
	})
}
