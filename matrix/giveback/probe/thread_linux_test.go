package probe

import (
	"testing"

	"golang.org/x/sys/unix"
)

// The probe never runs on the main thread (glibc's main arena), and stays on one thread throughout.
func TestOnWorkerThread(t *testing.T) {
	for range 20 {
		var tids []int
		onWorkerThread(func() {
			for range 100 {
				tids = append(tids, unix.Gettid())
			}
		})
		for _, tid := range tids {
			if tid == unix.Getpid() || tid != tids[0] {
				t.Fatalf("thread ids %v: want one thread, not the main one (%d)", tids, unix.Getpid())
			}
		}
	}
}
