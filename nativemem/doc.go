// Package nativemem provides the memory backends the deflate engine's state
// blocks come from, so that the lab allocates that state the way native
// zlib-ng does on each platform:
//
//   - goheap: Go byte slices, garbage-collected (available everywhere).
//   - pages: whole-page OS mappings, VirtualAlloc/VirtualFree on Windows,
//     mmap/munmap on Linux and macOS.
//   - privateheap (Windows): one private growable heap per process,
//     HeapCreate(0, 0, 0) then HeapAlloc/HeapFree, as .NET 10's
//     System.IO.Compression.Native does on 64-bit Windows.
//   - crt (Windows): _aligned_malloc(size, 64)/_aligned_free from ucrtbase.dll,
//     zlib-ng's default on Windows.
//   - libc (Linux and macOS built with cgo): posix_memalign(64)/free, zlib-ng's
//     default on Unix.
//
// Open returns a backend by name; Available lists what this build offers and
// Default names the one .NET 10 uses on this platform. Counting, Failing and
// Guard wrap any Allocator to count, inject failures and catch bad frees.
//
// Blocks from native backends are not Go memory: the garbage collector does
// not scan them, so they must never hold Go pointers, and each must be freed
// exactly once, with the slice Alloc returned (or a reslice that keeps its
// first byte).
//
// The package imports nothing of the project; its allocators satisfy
// deflate.Allocator by shape.
package nativemem
