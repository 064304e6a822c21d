// Package deflate is a zlib-compatible DEFLATE compressor (RFC 1950, 1951, 1952) whose whole working
// state lives in blocks obtained from a caller-supplied Allocator, carved into regions the way
// zlib-ng 2.2's alloc_deflate carves its single block: window, prev, head, pending (LIT_MEM symbol
// buffers), the deflate_state (Huffman trees and heap) and bookkeeping, each 64-byte aligned.
//
// A Layout decides how those regions map onto blocks (Consolidated: one block, as zlib-ng;
// SplitHead: the 128 KiB head table in its own block) and in which order End frees them, so that
// the lab's variants differ only in where the state lives, never in the compressor.
//
// The engine follows zlib's structure: deflate_stored for level 0, deflate_fast (greedy) for 1-3,
// deflate_slow (lazy) for 4-9 with zlib's configuration_table, deflate_rle and deflate_huff for the
// RLE and HuffmanOnly strategies, Filtered's preference for literals over short matches, Fixed's
// static trees, and trees.c's choice of stored, fixed or dynamic blocks by cost. Like zlib-ng it
// hashes four bytes into 16 bits (so head never depends on MemLevel), and like zlib-ng's level 9 the
// lazy levels continue a chain walk on the rarest chain of the current best match.
//
// Output depends only on the input, the Config and the sequence of Deflate calls: never on what the
// allocator's memory or a previous stream left in the blocks (the lab compares digests of outputs
// across variants that reuse states and variants that allocate fresh ones).
//
// Files: state.go (State, New, Reset, Copy, End), deflate.go (Deflate and the stream state machine),
// writer.go (io.Writer front end), framing.go (zlib/gzip headers, trailers, checksums), window.go
// (fill_window, slide_hash), match.go (hashing, longest_match), level_*.go (the compress functions),
// block.go and bit_writer.go (block emission), huffman_code.go, tree_state.go and tables.go (trees).
package deflate
