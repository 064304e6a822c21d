package nativemem

import (
	"fmt"

	"golang.org/x/sys/windows"
)

// pages reserves and commits each block with VirtualAlloc and releases it on
// Free, so every block starts as demand-zero pages: the first touch faults.
type pages struct{ freeFailure }

func (p *pages) Alloc(n int) ([]byte, error) {
	if err := checkSize("pages", n); err != nil {
		return nil, err
	}
	addr, err := windows.VirtualAlloc(0, uintptr(n), windows.MEM_RESERVE|windows.MEM_COMMIT, windows.PAGE_READWRITE)
	if err != nil {
		return nil, allocError("pages", n, fmt.Errorf("VirtualAlloc: %w", err))
	}
	return blockAt(addr, n), nil
}

func (p *pages) Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	// MEM_RELEASE requires size 0 and the base address VirtualAlloc returned.
	if err := windows.VirtualFree(base(b), 0, windows.MEM_RELEASE); err != nil {
		p.record(fmt.Errorf("nativemem: pages: VirtualFree(%#x, MEM_RELEASE): %w", base(b), err))
	}
}

func (p *pages) String() string { return "pages (VirtualAlloc)" }

func init() { register("pages", func() (Allocator, error) { return new(pages), nil }) }
