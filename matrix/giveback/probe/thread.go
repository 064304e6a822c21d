package probe

import "runtime"

// lockedThread runs f on a goroutine locked to one OS thread for the whole call, and waits for it.
func lockedThread(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		f()
	}()
	<-done
}
