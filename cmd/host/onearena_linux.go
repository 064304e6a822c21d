package main

import (
	"fmt"
	"os"
	"syscall"

	"github.com/deflatelab/deflatelab/nativemem"
)

// ensureOneArena makes the service workload's process heap one glibc arena: a host started without
// MALLOC_ARENA_MAX=1 executes itself again with it (same process, same arguments and descriptors), and
// one started with it reports true. Why one arena: a service's threads outnumber glibc's 8 x cores
// arenas, so they share them; one is that sharing made deterministic, every thread's blocks in one heap,
// as the Windows process heap is one heap for every thread (docs/notebook/2026-12-04-service-heap.md).
// Without glibc it does nothing and reports false.
func ensureOneArena() (bool, error) {
	name, value, ok := nativemem.OneArenaEnv()
	if !ok {
		return false, nil
	}
	if os.Getenv(name) == value {
		return true, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return false, fmt.Errorf("service workload: finding this binary to run it again with %s=%s: %w", name, value, err)
	}
	err = syscall.Exec(exe, os.Args, append(os.Environ(), name+"="+value))
	return false, fmt.Errorf("service workload: running %s again with %s=%s: %w", exe, name, value, err)
}
