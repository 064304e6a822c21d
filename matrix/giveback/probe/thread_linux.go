package probe

import "golang.org/x/sys/unix"

// onWorkerThread runs f locked to one OS thread that is not the process's main thread. glibc gives the
// main thread its main arena (grown with brk, trimmed from its end) and each other thread an arena of
// its own (64 MiB heaps grown with mprotect, trimmed by heap_trim): a .NET service's compressors run on
// thread-pool threads, and so do the lab's host workers, so the probe measures a thread's arena - and
// always the same kind, where a goroutine left to the scheduler could start on either and move between
// them.
func onWorkerThread(f func()) {
	lockedThread(func() {
		if unix.Gettid() == unix.Getpid() {
			// The main thread: hold it, so that the goroutine started next gets another one.
			onWorkerThread(f)
			return
		}
		f()
	})
}
