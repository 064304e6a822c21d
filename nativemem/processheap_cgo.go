//go:build cgo && (linux || darwin)

package nativemem

/*
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

// nm_glibc says whether the C library is glibc.
static int nm_glibc(void) {
#ifdef __GLIBC__
	return 1;
#else
	return 0;
#endif
}

// nm_arenas counts the arenas glibc's malloc_info lists (its <heap nr="..."> elements); -1 when the C
// library is not glibc or the count fails.
static int nm_arenas(void) {
#ifdef __GLIBC__
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (f == NULL) return -1;
	int rc = malloc_info(0, f);
	fclose(f);
	int n = rc == 0 ? 0 : -1;
	for (char *p = buf; rc == 0 && (p = strstr(p, "<heap nr=")) != NULL; p++) n++;
	free(buf);
	return n;
#else
	return -1;
#endif
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// cMalloc is the C library's malloc and free.
type cMalloc struct{}

func (cMalloc) Alloc(n int) ([]byte, error) {
	if err := checkSize("malloc", n); err != nil {
		return nil, err
	}
	p := C.malloc(C.size_t(n))
	if p == nil {
		return nil, allocError("malloc", n, fmt.Errorf("malloc(%d) returned NULL", n))
	}
	return block(p, n), nil
}

func (cMalloc) Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	C.free(unsafe.Pointer(unsafe.SliceData(b)))
}

func processHeap() (Allocator, string) { return cMalloc{}, "malloc (C library heap)" }

func glibc() bool { return C.nm_glibc() == 1 }

func arenas() int { return int(C.nm_arenas()) }
