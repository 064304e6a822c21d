// Package deflate is a zlib-compatible DEFLATE compressor (RFC 1950, 1951, 1952) whose whole working
// state lives in blocks obtained from a caller-supplied Allocator, carved into regions the way
// zlib-ng 2.2's alloc_deflate carves its single block: window, prev, head, pending (LIT_MEM symbol
// buffers), the deflate_state (Huffman trees and heap) and bookkeeping, each 64-byte aligned.
//
// A Layout decides how those regions map onto blocks (Consolidated: one block, as zlib-ng;
// SplitHead: the 128 KiB head table in its own block) and in which order End frees them, so that
// the lab's variants differ only in where the state lives, never in the compressor.
//
// The engine is zlib-ng 2.2.2's deflate in Go, and its output is byte for byte zlib-ng's for the same
// input, Config and sequence of Deflate calls (the zlibng-tagged differential tests and the golden
// digests in testdata check it): deflate_stored at level 0, deflate_quick at 1, deflate_fast at 2,
// deflate_medium at 3-6 and deflate_slow at 7-9 with zlib-ng's configuration_table, longest_match, and
// at level 9 longest_match_slow over the rolling hash; deflate_rle and deflate_huff for the RLE and
// HuffmanOnly strategies, Filtered's rule in deflate_slow, Fixed's static trees; trees.c's choice of
// stored, fixed or dynamic blocks, zlib's heap-built Huffman trees, and deflate()'s flush rules, with
// zlib-ng's zlib and gzip framing (the gzip OS byte per platform, or Config.GzipOS).
//
// Output depends only on the input, the Config, the sequence of Deflate calls and, as in zlib-ng, the
// streams the State compressed before its last Reset (deflateReset keeps the window and prev, which
// the matchers may read); never on what the allocator's memory held before New.
//
// Files: state.go (State, New, Reset, Copy, End), deflate.go (Deflate and the stream state machine),
// writer.go (io.Writer front end), framing.go (zlib/gzip headers, trailers, checksums), window.go
// (fill_window, slide_hash), match.go (hashing, longest_match), level_*.go (the compress functions),
// block.go and bit_writer.go (block emission), huffman_code.go, tree_state.go and tables.go (trees).
package deflate
