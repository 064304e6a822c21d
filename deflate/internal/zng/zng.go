//go:build zlibng && cgo

package zng

/*
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include "zlib-ng.h"

// zng_step runs one zng_deflate call over in/out, which are Go memory valid for this call only: the
// stream's pointers to them are cleared before returning.
static int zng_step(zng_stream *s, const uint8_t *in, uint32_t in_len, uint8_t *out, uint32_t out_cap,
                    int flush, uint32_t *consumed, uint32_t *produced) {
	s->next_in = in;
	s->avail_in = in_len;
	s->next_out = out;
	s->avail_out = out_cap;
	int rc = zng_deflate(s, flush);
	*consumed = in_len - s->avail_in;
	*produced = out_cap - s->avail_out;
	s->next_in = NULL;
	s->next_out = NULL;
	s->avail_in = 0;
	s->avail_out = 0;
	return rc;
}

// zng_reset_compress is the benchmark's operation, all in C: deflateReset, then one zng_deflate with
// Z_FINISH of in into out (C memory), as a .NET DeflateStream over a reused native state does.
// It returns the compressed size, or -1.
static long zng_reset_compress(zng_stream *s, const uint8_t *in, uint32_t in_len, uint8_t *out, uint32_t out_cap) {
	if (zng_deflateReset(s) != Z_OK) return -1;
	s->next_in = in;
	s->avail_in = in_len;
	s->next_out = out;
	s->avail_out = out_cap;
	if (zng_deflate(s, Z_FINISH) != Z_STREAM_END) return -1;
	return (long)(out_cap - s->avail_out);
}

// zng_dotnet_stream is the stream benchmark's operation, all in C: deflateReset, then the calls .NET's
// DeflateStream makes for `writes` Write calls of in[0:in_len] and a Dispose: per Write, zng_deflate with
// Z_NO_FLUSH into buf (buf_cap bytes) while avail_in is not 0, each call's output appended to sink (the
// destination stream); then Z_FINISH into buf until Z_STREAM_END. It returns the bytes written to sink,
// or -1 (an error code, or sink too small).
static long zng_dotnet_stream(zng_stream *s, const uint8_t *in, uint32_t in_len, int writes,
                              uint8_t *buf, uint32_t buf_cap, uint8_t *sink, uint32_t sink_cap) {
	if (zng_deflateReset(s) != Z_OK) return -1;
	uint32_t n = 0;
	for (int i = 0; i < writes; i++) {
		s->next_in = in;
		s->avail_in = in_len;
		while (s->avail_in != 0) {
			s->next_out = buf;
			s->avail_out = buf_cap;
			int rc = zng_deflate(s, Z_NO_FLUSH);
			if (rc != Z_OK && rc != Z_BUF_ERROR) return -1;
			uint32_t produced = buf_cap - s->avail_out;
			if (produced > sink_cap - n) return -1;
			memcpy(sink + n, buf, produced);
			n += produced;
		}
	}
	for (;;) {
		s->next_out = buf;
		s->avail_out = buf_cap;
		int rc = zng_deflate(s, Z_FINISH);
		if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) return -1;
		uint32_t produced = buf_cap - s->avail_out;
		if (produced > sink_cap - n) return -1;
		memcpy(sink + n, buf, produced);
		n += produced;
		if (rc == Z_STREAM_END) break;
	}
	s->next_in = NULL;
	s->next_out = NULL;
	return (long)n;
}

// zng_dirty_heap leaves the C heap as a long-running process leaves it: it keeps the next large
// allocations in the heap rather than in fresh (zeroed) pages from mmap, then allocates n bytes, fills
// them with the 16 bytes at pat repeated, and frees them, so that an allocation of n bytes made next on
// this thread gets that memory back with those contents.
static void zng_dirty_heap(size_t n, const uint8_t *pat) {
#ifdef M_MMAP_THRESHOLD
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
	uint8_t *p = malloc(n);
	if (p == NULL) return;
	for (size_t i = 0; i < n; i++) p[i] = pat[i % 16];
	free(p);
}

// zng_zalloc gives zlib-ng zeroed memory. zlib-ng's own (zng_alloc, malloc) does not zero it, and
// zlib-ng reads bytes of its window it has neither written nor zeroed: fill_window zeroes WIN_INIT bytes
// past the data, but when the data stops short of the window's last WIN_INIT bytes before the window
// slides, the call that slides moves the data down first, and the last bytes keep what the allocator
// gave; longest_match's filter and compare and insert_string's hash read them. Its output then depends
// on what the heap held there (another stream's window, in the tests' process), and differed from run to
// run; the engine's memory (GoHeap) is zeroed, and so is the reference's. The memory is aligned to 64
// bytes as zlib-ng's own allocator aligns it (zutil_p.h's zng_alloc: aligned_alloc(64, ...)), so that
// zlib-ng lays its window, prev and head out at the same offsets as with its default: with calloc's
// 16-byte alignment the same build cost 37% more CPU time per operation on text at level 7
// (BenchmarkResetCompress, 39.0 against 28.5 us, fastest of 5 processes each).
static void *zng_zalloc(void *opaque, unsigned int items, unsigned int size) {
	(void)opaque;
	size_t n = (size_t)items * (size_t)size;
	void *p = NULL;
	if (posix_memalign(&p, 64, n) != 0) return NULL;
	memset(p, 0, n);
	return p;
}

static void zng_zfree(void *opaque, void *p) {
	(void)opaque;
	free(p);
}

static int zng_init(zng_stream *s, int level, int wbits, int mem, int strategy) {
	s->zalloc = zng_zalloc;
	s->zfree = zng_zfree;
	s->opaque = NULL;
	return zng_deflateInit2(s, level, Z_DEFLATED, wbits, mem, strategy);
}
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"
)

// Return codes of zng_deflate that callers tell apart.
const (
	OK        = int(C.Z_OK)
	StreamEnd = int(C.Z_STREAM_END)
	BufError  = int(C.Z_BUF_ERROR)
)

// Version is the linked library's zlibng_version().
func Version() string { return C.GoString(C.zlibng_version()) }

// Stream is one zlib-ng deflate stream, in C memory.
type Stream struct {
	s *C.zng_stream
}

// ErrInit wraps zng_deflateInit2's refusal of a configuration.
var ErrInit = errors.New("zng_deflateInit2 refused the configuration")

// New is zng_deflateInit2(level, Z_DEFLATED, windowBits, memLevel, strategy), with an allocator that
// zeroes zlib-ng's memory (zng_zalloc: its output can depend on bytes it reads before writing them).
func New(level, windowBits, memLevel, strategy int) (*Stream, error) {
	s := (*C.zng_stream)(C.calloc(1, C.size_t(unsafe.Sizeof(C.zng_stream{}))))
	if s == nil {
		return nil, errors.New("zng: calloc failed")
	}
	if rc := C.zng_init(s, C.int(level), C.int(windowBits), C.int(memLevel), C.int(strategy)); rc != C.Z_OK {
		C.free(unsafe.Pointer(s))
		return nil, fmt.Errorf("%w: level %d windowBits %d memLevel %d strategy %d: rc %d",
			ErrInit, level, windowBits, memLevel, strategy, int(rc))
	}
	return &Stream{s: s}, nil
}

// Deflate is one zng_deflate call: it returns the bytes written to dst, read from src, and the return
// code (OK, StreamEnd, BufError, or another negative code).
func (z *Stream) Deflate(dst, src []byte, flush int) (nDst, nSrc, rc int) {
	var in, out *C.uint8_t
	if len(src) > 0 {
		in = (*C.uint8_t)(unsafe.Pointer(&src[0]))
	}
	if len(dst) > 0 {
		out = (*C.uint8_t)(unsafe.Pointer(&dst[0]))
	}
	var consumed, produced C.uint32_t
	r := C.zng_step(z.s, in, C.uint32_t(len(src)), out, C.uint32_t(len(dst)), C.int(flush), &consumed, &produced)
	return int(produced), int(consumed), int(r)
}

// Reset is zng_deflateReset.
func (z *Stream) Reset() error {
	if rc := C.zng_deflateReset(z.s); rc != C.Z_OK {
		return fmt.Errorf("zng_deflateReset: rc %d", int(rc))
	}
	return nil
}

// End is zng_deflateEnd; it frees the stream.
func (z *Stream) End() {
	if z.s != nil {
		C.zng_deflateEnd(z.s)
		C.free(unsafe.Pointer(z.s))
		z.s = nil
	}
}

// DirtyHeap makes the C heap's next allocation of about n bytes on this thread (lock it) come back
// filled with pattern repeated (16 bytes; the heap's blocks are 16-byte aligned, so each byte lands at
// the same place modulo 16 wherever the block starts), as the memory a process has used and freed does.
// It also keeps large allocations in the heap from then on (glibc's M_MMAP_THRESHOLD), where fresh mmap
// pages would be zero. For the tests of New's allocator.
func DirtyHeap(n int, pattern [16]byte) {
	C.zng_dirty_heap(C.size_t(n), (*C.uint8_t)(unsafe.Pointer(&pattern[0])))
}

// Buffer is C memory for the benchmark's input and output.
type Buffer struct {
	p unsafe.Pointer
	n int
}

// NewBuffer copies data into C memory of len(data) bytes (at least one).
func NewBuffer(data []byte, size int) *Buffer {
	size = max(size, len(data), 1)
	p := C.malloc(C.size_t(size))
	b := &Buffer{p: p, n: size}
	copy(unsafe.Slice((*byte)(p), size), data)
	return b
}

// Free releases the buffer.
func (b *Buffer) Free() {
	if b.p != nil {
		C.free(b.p)
		b.p = nil
	}
}

// ResetCompress is the benchmark operation, run entirely in C: zng_deflateReset, then zng_deflate of
// the first inLen bytes of in into out with Z_FINISH. It returns the compressed size.
func (z *Stream) ResetCompress(in *Buffer, inLen int, out *Buffer) (int, error) {
	n := C.zng_reset_compress(z.s, (*C.uint8_t)(in.p), C.uint32_t(inLen), (*C.uint8_t)(out.p), C.uint32_t(out.n))
	if n < 0 {
		return 0, errors.New("zng: reset+compress did not finish (output buffer too small?)")
	}
	return int(n), nil
}

// DotnetStream is the stream benchmark's operation, run entirely in C: zng_deflateReset, then the calls
// .NET's DeflateStream makes for `writes` writes of the first inLen bytes of in and a Dispose, with buf
// (bufLen bytes of it) as DeflateStream's output buffer and sink as the destination stream. It returns
// the bytes written to sink.
func (z *Stream) DotnetStream(in *Buffer, inLen, writes int, buf *Buffer, bufLen int, sink *Buffer) (int, error) {
	if inLen > in.n || bufLen > buf.n {
		return 0, fmt.Errorf("zng: DotnetStream: %d input bytes in a %d-byte buffer, %d-byte output buffer in %d", inLen, in.n, bufLen, buf.n)
	}
	n := C.zng_dotnet_stream(z.s, (*C.uint8_t)(in.p), C.uint32_t(inLen), C.int(writes),
		(*C.uint8_t)(buf.p), C.uint32_t(bufLen), (*C.uint8_t)(sink.p), C.uint32_t(sink.n))
	if n < 0 {
		return 0, errors.New("zng: the .NET stream pattern failed (a deflate error, or sink too small)")
	}
	return int(n), nil
}

// Bytes copies the buffer's first n bytes into Go memory.
func (b *Buffer) Bytes(n int) []byte {
	return append([]byte(nil), unsafe.Slice((*byte)(b.p), b.n)[:n]...)
}
