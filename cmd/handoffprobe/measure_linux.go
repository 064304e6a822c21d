//go:build linux

package main

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// measure takes one Reading with passes passes per mode. The two threads hand the block over with an
// atomic turn, spinning, so that the time measured is the pass alone, not a wake-up.
func measure(passes int) (Reading, error) {
	buf := make([]byte, blockSize)
	var same, other []time.Duration
	var turn atomic.Int32 // 0: processor 0's turn, 1: processor 1's
	errs := make(chan error, 2)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		unpin, err := pin(0)
		defer unpin()
		if err != nil {
			errs <- err
			turn.Store(-1)
			return
		}
		touch(buf)
		for range passes {
			t := time.Now()
			touch(buf)
			same = append(same, time.Since(t))
		}
		for range passes {
			for i := 0; turn.Load() == 1; i++ {
				yieldSometimes(i)
			}
			if turn.Load() < 0 {
				return
			}
			t := time.Now()
			touch(buf)
			other = append(other, time.Since(t))
			turn.CompareAndSwap(0, 1) // never over a -1 from the other side's failure
		}
		turn.Store(-1)
	}()
	go func() {
		defer wg.Done()
		unpin, err := pin(1)
		defer unpin()
		if err != nil {
			errs <- err
			turn.Store(-1)
			return
		}
		for i := 0; ; i++ {
			t := turn.Load()
			if t < 0 {
				return
			}
			if t == 1 {
				touch(buf)
				turn.CompareAndSwap(1, 0) // never over the -1 that ends the reading
			}
			yieldSometimes(i)
		}
	}()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(readingTimeout):
		turn.Store(-1)
		return Reading{}, fmt.Errorf("a reading took over %v (a reading takes milliseconds): a pinned thread was kept from its processor", readingTimeout)
	}
	close(errs)
	if err := <-errs; err != nil {
		return Reading{}, err
	}
	return Reading{At: time.Now(), Same: median(same), Other: median(other)}, nil
}

// readingTimeout bounds one reading (normally a few milliseconds), so that a pinned thread kept from its
// processor ends the probe with an error instead of hanging it.
const readingTimeout = 10 * time.Second

// pin locks the goroutine to its thread and the thread to processor cpu; unpin gives the thread back its
// previous processors and unlocks it, so that the runtime reuses it as an ordinary thread.
func pin(cpu int) (unpin func(), err error) {
	runtime.LockOSThread()
	var old, set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &old); err != nil {
		return runtime.UnlockOSThread, fmt.Errorf("reading the thread's processors: %w", err)
	}
	unpin = func() {
		_ = unix.SchedSetaffinity(0, &old)
		runtime.UnlockOSThread()
	}
	set.Set(cpu)
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		return unpin, fmt.Errorf("pinning to processor %d (the probe needs two): %w", cpu, err)
	}
	return unpin, nil
}

// yieldSometimes gives the processor up every 1,024 turns of a spin: a thread of this process that
// inherited a pinned thread's processor (a new thread takes its creator's affinity) must not wait for a
// spinner that never sleeps.
func yieldSometimes(i int) {
	if i%1024 == 1023 {
		unix.Syscall(unix.SYS_SCHED_YIELD, 0, 0, 0)
	}
}

// touch writes one byte of every cache line, so that each line moves to this processor's cache.
func touch(b []byte) {
	for i := 0; i < len(b); i += 64 {
		b[i]++
	}
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[len(ds)/2]
}
