//go:build !linux && !windows

package matrix

func alive(int) bool { return false }
