// Package deflate is a zlib-compatible DEFLATE compressor (RFC 1950, 1951, 1952) whose whole working
// state lives in blocks obtained from a caller-supplied Allocator, carved into regions the way
// zlib-ng 2.2's alloc_deflate carves its single block: window, prev, head, pending (LIT_MEM symbol
// buffers), the deflate_state (Huffman trees and heap) and bookkeeping, each 64-byte aligned.
//
// A Layout decides how those regions map onto blocks (Consolidated: one block, as zlib-ng;
// SplitHead: the 128 KiB head table in its own block) and in which order End frees them, so that
// the lab's variants differ only in where the state lives, never in the compressor.
//
// The engine is zlib-ng's deflate in Go, byte for byte, in two generations (Config.Generation): 2.2.5's,
// the default (.NET 10 and later), and 2.2.2's (.NET 9's); they differ only in deflate_medium's
// insert_match, at levels 3-6. Both have zlib-ng 2.2's configuration_table (deflate_stored at
// level 0, deflate_quick at 1, deflate_fast at 2, deflate_medium at 3-6, deflate_slow at 7-9 with
// longest_match_slow and the rolling hash at 9), deflate_rle and deflate_huff, fill_window with its
// high-water zeroing, insert_string and the multiplicative hash of four bytes into 16 bits (so head
// never depends on MemLevel), trees.c's block choice and zlib-ng's deflate() flush rules and framing.
// The differential tests (build tag zlibng) and the golden digests in testdata, one file per generation,
// hold it to that.
//
// Output depends on the input, the Config and the sequence of Deflate calls (with their output space),
// never on what the allocator's memory held. As zlib-ng's, it can depend on the stream a State ran
// before Reset: the window keeps that stream's bytes past the new data, which the matcher may read at a
// flush, and an abandoned level-1 stream leaves its block open (reuseCases in the tests). A state that
// compresses the same whole input in one Finish call each time, as the lab's operations do, writes the
// same bytes every time.
//
// Files: state.go (State, New, Reset, Copy, End), generation.go (Generation), deflate.go (Deflate and the
// stream state machine), writer.go (io.Writer front end), framing.go (zlib/gzip headers, trailers,
// checksums), adler32*.go (Adler-32) and slide*.go (slide_hash), in SSE2 on amd64 and NEON on arm64 as
// zlib-ng computes them with SIMD, window.go (fill_window), insert_string*.go (the hashes), match*.go (longest_match, longest_match_slow),
// level_*.go (the compress functions),
// block.go and bit_writer.go (block emission), huffman_code.go, tree_state.go and tables.go (trees).
package deflate
