//go:build linux || darwin

package nativemem

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// pages maps each block as fresh anonymous private pages and unmaps it on
// Free, so every block starts untouched: the first write to each page faults.
type pages struct{ freeFailure }

func (p *pages) Alloc(n int) ([]byte, error) {
	if err := checkSize("pages", n); err != nil {
		return nil, err
	}
	ptr, err := unix.MmapPtr(-1, 0, nil, uintptr(n), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, allocError("pages", n, fmt.Errorf("mmap: %w", err))
	}
	return block(ptr, n), nil
}

func (p *pages) Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	// munmap rounds the length up to whole pages, as mmap did; cap(b) is the
	// mapped length because Alloc returned len == cap == n.
	if err := unix.MunmapPtr(unsafe.Pointer(unsafe.SliceData(b)), uintptr(cap(b))); err != nil {
		p.record(fmt.Errorf("nativemem: pages: munmap(%#x, %d): %w", base(b), cap(b), err))
	}
}

func (p *pages) String() string { return "pages (mmap)" }

func init() { register("pages", func() (Allocator, error) { return new(pages), nil }) }
