//go:build !linux

package main

// ensureOneArena does nothing off Linux: the Windows process heap is one heap already, and macOS's
// malloc has no arenas to set (see the Linux version).
func ensureOneArena() (bool, error) { return false, nil }
