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
		if err := pin(0); err != nil {
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
			for turn.Load() == 1 {
			}
			if turn.Load() < 0 {
				return
			}
			t := time.Now()
			touch(buf)
			other = append(other, time.Since(t))
			turn.Store(1)
		}
		turn.Store(-1)
	}()
	go func() {
		defer wg.Done()
		if err := pin(1); err != nil {
			errs <- err
			turn.Store(-1)
			return
		}
		for {
			t := turn.Load()
			if t < 0 {
				return
			}
			if t == 1 {
				touch(buf)
				turn.Store(0)
			}
		}
	}()
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return Reading{}, err
	}
	return Reading{At: time.Now(), Same: median(same), Other: median(other)}, nil
}

// pin locks the goroutine to its thread and the thread to processor cpu.
func pin(cpu int) error {
	runtime.LockOSThread()
	var set unix.CPUSet
	set.Set(cpu)
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		return fmt.Errorf("pinning to processor %d (the probe needs two): %w", cpu, err)
	}
	return nil
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
