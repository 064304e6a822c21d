package nativemem

import (
	"runtime"
	"strings"
	"testing"
)

// The process heap hands out writable blocks of the sizes the service background asks for, takes them
// back, and names itself; on Linux with cgo it is glibc's malloc, whose arenas can be counted.
func TestProcessHeap(t *testing.T) {
	a, name := ProcessHeap()
	if name == "" {
		t.Fatal("ProcessHeap: no name")
	}
	var blocks [][]byte
	for _, n := range []int{1, 16, 256, 4096, 64 << 10, 1 << 20} {
		b, err := a.Alloc(n)
		if err != nil {
			t.Fatalf("%s: Alloc(%d): %v", name, n, err)
		}
		if len(b) != n || cap(b) != n {
			t.Fatalf("%s: Alloc(%d): len %d cap %d", name, n, len(b), cap(b))
		}
		b[0], b[n-1] = 1, 2
		blocks = append(blocks, b)
	}
	for _, b := range blocks {
		a.Free(b)
	}
	if _, err := a.Alloc(0); err == nil {
		t.Errorf("%s: Alloc(0) succeeded", name)
	}
	_, _, glibc := OneArenaEnv()
	if runtime.GOOS == "linux" && cgoEnabled {
		if !strings.HasPrefix(name, "malloc") || (glibc && Arenas() < 1) {
			t.Errorf("linux with cgo: heap %q, glibc %v, arenas %d; want malloc, and >= 1 arena on glibc", name, glibc, Arenas())
		}
	} else if Arenas() != -1 && !glibc {
		t.Errorf("arenas %d without glibc", Arenas())
	}
}
