//go:build !linux && !windows

package runner

func alive(int) bool { return false }
