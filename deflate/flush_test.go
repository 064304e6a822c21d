package deflate

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// flushCall is one Deflate call of a flush sequence and what zlib-ng 2.2.2's deflate() does with the
// same call: the input it reads and the bytes it writes.
type flushCall struct {
	in      string
	flush   Flush
	outCap  int
	wantIn  int
	wantOut string // hex
}

type flushSequence struct {
	name  string
	cfg   Config
	calls []flushCall
}

// flushSequences are call sequences with zlib-ng 2.2.2's output for each call, recorded from
// zng_deflate (TestFlushSequencesZlibng re-checks them against the linked library under the zlibng
// tag). They pin deflate()'s flush rules: a sync or full flush ends the block with an empty stored
// block, a partial flush with an empty fixed block, a block flush with nothing; a repeated flush with nothing to do writes nothing (zlib's Z_BUF_ERROR); a flush cut short by
// a full dst may be repeated; a full flush forgets the history; whole bytes of the bit buffer go out
// at every call; level 0 cuts blocks by the caller's buffer.
var flushSequences = func() []flushSequence {
	hello := "hello hello hello, deflate"
	abc := strings.Repeat("abcdefgh", 8)
	return []flushSequence{
		{"sync-then-repeated-sync-is-a-no-op", Config{Level: 6, WindowBits: -15, MemLevel: 8}, []flushCall{
			{hello, NoFlush, 100, 26, ""},
			{"", SyncFlush, 100, 0, "ca48cdc9c957c840903a0a29a969398925a900000000ffff"},
			{"", SyncFlush, 100, 0, ""},
			{"", Finish, 100, 0, "0300"},
		}},
		{"full-flush-forgets-history", Config{Level: 6, WindowBits: 15, MemLevel: 8}, []flushCall{
			{abc, FullFlush, 100, 64, "789c4a4c4a4e494d4bcf48249306000000ffff"},
			{abc, FullFlush, 100, 64, "4a4c4a4e494d4bcf48249306000000ffff"},
			{"", Finish, 100, 0, "0300a7b43241"},
		}},
		{"sync-flush-keeps-history", Config{Level: 6, WindowBits: 15, MemLevel: 8}, []flushCall{
			{abc, SyncFlush, 100, 64, "789c4a4c4a4e494d4bcf48249306000000ffff"},
			{abc, SyncFlush, 100, 64, "a2541f000000ffff"},
			{"", Finish, 100, 0, "0300a7b43241"},
		}},
		{"finish-empty-raw", Config{Level: 6, WindowBits: -15, MemLevel: 8}, []flushCall{
			{"", Finish, 100, 0, "0300"},
		}},
		{"finish-empty-zlib-level1", Config{Level: 1, WindowBits: 15, MemLevel: 8}, []flushCall{
			{"", Finish, 100, 0, "7801030000000001"},
		}},
		{"finish-empty-stored", Config{Level: 0, WindowBits: -15, MemLevel: 8}, []flushCall{
			{"", Finish, 100, 0, "010000ffff"},
		}},
		{"stored-small-out", Config{Level: 0, WindowBits: -9, MemLevel: 1}, []flushCall{
			{abc, NoFlush, 7, 64, ""},
			{"", NoFlush, 7, 0, ""},
			{"", Finish, 7, 0, "014000bfff6162"},
			{"", Finish, 7, 0, "63646566676861"},
			{"", Finish, 7, 0, "62636465666768"},
			{"", Finish, 7, 0, "61626364656667"},
			{"", Finish, 7, 0, "68616263646566"},
			{"", Finish, 7, 0, "67686162636465"},
			{"", Finish, 7, 0, "66676861626364"},
			{"", Finish, 7, 0, "65666768616263"},
			{"", Finish, 7, 0, "64656667686162"},
			{"", Finish, 7, 0, "636465666768"},
		}},
		{"sync-one-byte-out-then-repeat", Config{Level: 6, WindowBits: -15, MemLevel: 8}, []flushCall{
			{hello, SyncFlush, 1, 26, "ca"},
			{"", SyncFlush, 4, 0, "48cdc9c9"},
			{"", SyncFlush, 100, 0, "57c840903a0a29a969398925a900000000ffff"},
			{"", SyncFlush, 100, 0, ""},
			{"", Finish, 100, 0, "0300"},
		}},
		{"nothing-to-do-noflush", Config{Level: 6, WindowBits: -15, MemLevel: 8}, []flushCall{
			{"", NoFlush, 100, 0, ""},
			{"", NoFlush, 100, 0, ""},
			{hello, NoFlush, 100, 26, ""},
			{"", NoFlush, 100, 0, ""},
			{"", Finish, 100, 0, "cb48cdc9c957c840903a0a29a969398925a900"},
		}},
		{"fixed-strategy", Config{Level: 7, WindowBits: -15, MemLevel: 8, Strategy: Fixed}, []flushCall{
			{hello, Finish, 100, 26, "cb48cdc9c957c840903a0a29a969398925a900"},
		}},
		{"filtered-level9", Config{Level: 9, WindowBits: -15, MemLevel: 8, Strategy: Filtered}, []flushCall{
			{abc + hello, Finish, 100, 90, "4b4c4a4e494d4bcf482493ce48cdc9c957402275145252d372124b5201"},
		}},
		{"partial-flush-appends-empty-fixed-block", Config{Level: 6, WindowBits: -15, MemLevel: 8}, []flushCall{
			{hello, PartialFlush, 100, 26, "ca48cdc9c957c840903a0a29a969398925a90001"},
			{"", PartialFlush, 100, 0, ""},
			{hello, PartialFlush, 100, 26, "842486260310"},
			{"", Finish, 100, 0, "6000"},
		}},
		{"block-flush-ends-block-only", Config{Level: 6, WindowBits: 15, MemLevel: 8}, []flushCall{
			{hello, BlockFlush, 100, 26, "789cca48cdc9c957c840903a0a29a969398925a9"},
			{"", BlockFlush, 100, 0, ""},
			{abc, BlockFlush, 100, 64, "00252625a7a4a6a567904b03"},
			{"", SyncFlush, 100, 0, "000000ffff"},
			{"", Finish, 100, 0, "0300197122be"},
		}},
		{"block-then-partial-is-stronger", Config{Level: 9, WindowBits: -15, MemLevel: 8}, []flushCall{
			{hello, BlockFlush, 100, 26, "ca48cdc9c957c840903a0a29a969398925a9"},
			{"", PartialFlush, 100, 0, "0001"},
			{"", PartialFlush, 100, 0, ""},
			{"", Finish, 100, 0, "0600"},
		}},
		{"stored-partial-and-block", Config{Level: 0, WindowBits: -15, MemLevel: 8}, []flushCall{
			{hello, PartialFlush, 100, 26, "001a00e5ff68656c6c6f2068656c6c6f2068656c6c6f2c206465666c61746502"},
			{hello, BlockFlush, 100, 26, "001a00e5ff68656c6c6f2068656c6c6f2068656c6c6f2c206465666c617465"},
			{"", Finish, 100, 0, "010000ffff"},
		}},
		{"rle-sync-finish", Config{Level: 6, WindowBits: 15, MemLevel: 8, Strategy: RLE}, []flushCall{
			{abc, SyncFlush, 100, 64, "780104c1070100000c02a0acea3cfd130c409dd3813aa703754e07ea9c0ed4391da8733a50e774a0cee91e0000ffff"},
			{"aaaaaaaaaaaaaaaaaaaaaaaaa", Finish, 100, 25, "4bc405001f38229a"},
		}},
	}
}()

// flushRunner is one implementation of deflate() for runFlushSequence.
type flushRunner func(dst, src []byte, flush Flush) (nDst, nSrc int, err error)

// runFlushSequence makes seq's calls with run and reports every call whose input read or output
// differs from the recorded one.
func runFlushSequence(t *testing.T, seq flushSequence, run flushRunner) {
	t.Helper()
	for i, c := range seq.calls {
		dst := make([]byte, c.outCap)
		nDst, nSrc, err := run(dst, []byte(c.in), c.flush)
		if err != nil {
			t.Errorf("call %d (%d bytes, flush %d, dst %d): %v", i, len(c.in), c.flush, c.outCap, err)
			return
		}
		if got := hex.EncodeToString(dst[:nDst]); nSrc != c.wantIn || got != c.wantOut {
			t.Errorf("call %d (%d bytes, flush %d, dst %d): read %d, wrote %s; zlib-ng reads %d, writes %s",
				i, len(c.in), c.flush, c.outCap, nSrc, got, c.wantIn, c.wantOut)
		}
	}
}

func TestFlushSequences(t *testing.T) {
	for _, seq := range flushSequences {
		t.Run(seq.name, func(t *testing.T) {
			s, err := New(seq.cfg, GoHeap, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.End()
			runFlushSequence(t, seq, s.Deflate)
			if !s.Finished() {
				t.Error("the stream is not finished after the last call")
			}
		})
	}
}

// TestGzipHeader checks the ten header bytes zlib-ng 2.2.2 writes without a gz_header: no flags, no
// time, XFL 2 at level 9, else 4 at levels 0-1 and for every strategy from Huffman-only on (Huffman-only,
// RLE and Fixed: zlib-ng tests strategy >= Z_HUFFMAN_ONLY), else 0; and the OS byte: the platform's OS_CODE unless Config.GzipOS pins it.
func TestGzipHeader(t *testing.T) {
	tests := []struct {
		level    int
		strategy Strategy
		os       int
		wantXFL  byte
		wantOS   byte
	}{
		{6, DefaultStrategy, 0, 0, GzipOSDefault},
		{-1, DefaultStrategy, 0, 0, GzipOSDefault},
		{0, DefaultStrategy, 0, 4, GzipOSDefault},
		{1, DefaultStrategy, GzipOSUnix, 4, 3},
		{2, DefaultStrategy, GzipOSWindows, 0, 10},
		{8, Filtered, 7, 0, 7},
		{9, DefaultStrategy, 0, 2, GzipOSDefault},
		{9, HuffmanOnly, 0, 2, GzipOSDefault},
		{9, RLE, 255, 2, 255},
		{5, HuffmanOnly, 0, 4, GzipOSDefault},
		{5, RLE, 0, 4, GzipOSDefault},
		{5, Fixed, 0, 4, GzipOSDefault},
	}
	for _, tt := range tests {
		cfg := Config{Level: tt.level, WindowBits: 31, MemLevel: 8, Strategy: tt.strategy, GzipOS: tt.os}
		s, err := New(cfg, GoHeap, nil)
		if err != nil {
			t.Fatal(err)
		}
		dst := make([]byte, 64)
		n, _, err := s.Deflate(dst, []byte("x"), Finish)
		s.End()
		if err != nil || n < 10 {
			t.Fatalf("%v: Deflate wrote %d bytes, %v", cfg, n, err)
		}
		want := []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, tt.wantXFL, tt.wantOS}
		if got := dst[:10]; string(got) != string(want) {
			t.Errorf("%v: header % x, want % x", cfg, got, want)
		}
	}
}

// TestGzipOSDefault pins the platform's OS byte to zlib-ng's zutil.h.
func TestGzipOSDefault(t *testing.T) {
	want := map[string]byte{"windows": 10, "darwin": 19, "ios": 19, "linux": 3, "freebsd": 3}
	if w, ok := want[runtime.GOOS]; ok && GzipOSDefault != w {
		t.Errorf("GzipOSDefault on %s = %d, zlib-ng's OS_CODE is %d", runtime.GOOS, GzipOSDefault, w)
	}
}

// TestFinishedExactFill checks Finished against zlib-ng's Z_STREAM_END when the output space runs out
// exactly, for raw streams (no trailer): a Finish call that fills dst is not the end, even when it
// leaves nothing to hand out, and the next Finish call writes nothing and ends the stream. zlib-ng's
// return codes for such calls, with trailers and at every level, are compared by TestStreamEndZlibng.
func TestFinishedExactFill(t *testing.T) {
	data := payload5k()
	for _, level := range []int{1, 2, 6, 9} {
		cfg := Config{Level: level, WindowBits: -15, MemLevel: 8}
		whole := compressWhole(t, cfg, data)
		for _, k := range []int{0, 1, 5} {
			t.Run(fmt.Sprintf("level=%d/last=%d", level, k), func(t *testing.T) {
				s, err := New(cfg, GoHeap, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer s.End()
				var out []byte
				call := func(cap int, src []byte, wantN int, wantFinished bool) {
					t.Helper()
					dst := make([]byte, cap)
					n, _, err := s.Deflate(dst, src, Finish)
					if err != nil {
						t.Fatal(err)
					}
					out = append(out, dst[:n]...)
					if n != wantN || s.Finished() != wantFinished {
						t.Fatalf("Deflate into %d bytes wrote %d, Finished %v; want %d, %v", cap, n, s.Finished(), wantN, wantFinished)
					}
				}
				// All but the last k bytes; then exactly the last k (the call only hands out pending
				// output and leaves nothing); then the call that ends the stream.
				call(len(whole)-k, data, len(whole)-k, false)
				if k > 0 {
					call(k, nil, k, false)
				}
				call(16, nil, 0, true)
				if !bytes.Equal(out, whole) {
					t.Fatal("the pieces differ from the one-call output")
				}
			})
		}
	}
}

// compressWhole compresses data with cfg in one Finish call into ample space.
func compressWhole(t *testing.T, cfg Config, data []byte) []byte {
	t.Helper()
	s, err := New(cfg, GoHeap, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.End()
	dst := make([]byte, len(data)+len(data)/8+1024)
	n, _, err := s.Deflate(dst, data, Finish)
	if err != nil || !s.Finished() {
		t.Fatalf("one Finish call: %v, finished %v", err, s.Finished())
	}
	return dst[:n]
}
