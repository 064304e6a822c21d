package nativemem

// ProcessHeap is the heap a process's other native code allocates from, for a background that shares it
// with the measured backend (the lab's service workload): malloc and free on Linux and macOS built with
// cgo, the universal C runtime's malloc and free on Windows (the CRT heap, which is the process heap on
// current Windows, and the heap crt's _aligned_malloc takes its blocks from). A private heap is never
// one: keeping other code out is what a private heap is for. A build with no C heap (no cgo, not Windows)
// has only the Go heap, and the background lives there.
//
// Name says which heap it is, for the results. Blocks are plain malloc blocks: the C library's alignment,
// no header of the lab's.
func ProcessHeap() (a Allocator, name string) { return processHeap() }

// OneArenaEnv is the environment variable that makes glibc's malloc serve every thread from its main
// arena (MALLOC_ARENA_MAX=1), so that the process heap is one heap, as the Windows process heap is; ok is
// false where the C library is not glibc (or there is none). glibc reads it once, at its first malloc, so
// only a process started with it has one arena: mallopt(M_ARENA_MAX) comes too late in a Go program,
// whose runtime threads have called malloc (and fixed the arena limit) before main runs.
func OneArenaEnv() (name, value string, ok bool) { return "MALLOC_ARENA_MAX", "1", glibc() }

// Arenas is how many arenas glibc's malloc has (malloc_info's heaps), -1 where that cannot be said.
func Arenas() int { return arenas() }
