//go:build !(cgo && (linux || darwin))

package nativemem

func glibc() bool { return false }

func arenas() int { return -1 }
