package deflate

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// walkMem is the memory a walk case reads: every position a uint16 chain link can name, and past the
// last one the 2+256 bytes a compare reads and the 8 of a filter load, as the window is followed by
// prev in the State's single block.
const walkMem = 1<<16 + 512

// walkCase is one call of the chain walk: the window and prev it reads and its arguments.
type walkCase struct {
	mem       []byte
	prev      []uint16
	wmask     int
	cur       int
	offset    int // matchOffset
	limit     int
	chain     int
	bestLen   int
	strstart  int
	earlyExit bool
}

// run calls walk (longestMatchWalk or longestMatchWalkGo) on c.
func (c *walkCase) run(walk func(w, scan, prev unsafe.Pointer, wmask, curMatch, matchOffset, limit, chainLength, bestLen, strstart int, earlyExit bool) (int, int, int)) [3]int {
	w := unsafe.Pointer(&c.mem[0])
	cur, chain, n := walk(w, unsafe.Add(w, c.strstart), unsafe.Pointer(&c.prev[0]), c.wmask, c.cur, c.offset, c.limit, c.chain, c.bestLen, c.strstart, c.earlyExit)
	return [3]int{cur, chain, n}
}

// randomWalkCase draws a case: windows of few symbols (filters that pass), periods and zeros (matches
// of 258), random bytes (filters that fail); chains that go back by short or random steps, or link
// forward and to themselves; best lengths at the filter's widths and up to 258; copies of the string at
// scan planted along the chain that match bestLen-1 to bestLen+1 bytes; strstart near the end of the
// memory (compares reading past it into the slack), candidates down to position 1, chain lengths of 1
// on.
func randomWalkCase(r *rand.Rand) *walkCase {
	c := &walkCase{mem: make([]byte, walkMem)}
	wbits := 9 + r.IntN(7)
	c.wmask = 1<<wbits - 1
	c.prev = make([]uint16, c.wmask+1)
	switch r.IntN(5) {
	case 0: // zeros
	case 1:
		for i := range c.mem {
			c.mem[i] = byte(r.Uint32())
		}
	case 2:
		period := 1 + r.IntN(300)
		for i := range c.mem {
			c.mem[i] = byte(i%period) * 37
		}
	default:
		symbols := 2 + r.IntN(3)
		for i := range c.mem {
			c.mem[i] = byte(r.IntN(symbols))
		}
	}
	switch r.IntN(4) {
	case 0:
		c.strstart = 1<<16 - r.IntN(16)
	case 1:
		c.strstart = 2*(c.wmask+1) - r.IntN(300)
	default:
		c.strstart = 300 + r.IntN(1<<16-300)
	}
	c.bestLen = []int{2, 3, 4, 5, 7, 8, 9, 16, 31, 32, 33, 100, 255, 256, 257, 258}[r.IntN(16)]
	if r.IntN(3) == 0 {
		c.bestLen = 2 + r.IntN(257)
	}
	if r.IntN(2) == 0 {
		c.offset = r.IntN(c.bestLen)
	}
	if r.IntN(3) > 0 {
		c.limit = r.IntN(max(1, c.strstart/2))
	}
	c.limit += c.offset // the candidates' starts, c.cur-c.offset and on, are then at 1 or later
	c.cur = c.limit + 1 + r.IntN(max(1, c.strstart-c.limit-1))
	if r.IntN(16) == 0 {
		c.cur = c.limit + 1 + r.IntN(1<<16-1-c.limit) // at or past strstart
	}
	c.chain = []int{1, 2, 3, 16, 128, 4096}[r.IntN(6)]
	c.earlyExit = r.IntN(3) == 0
	for i := range c.prev {
		switch r.IntN(10) {
		case 0:
			c.prev[i] = uint16(r.Uint32()) // anywhere, also forward
		case 1:
			c.prev[i] = uint16(i) // to a position with the same index: itself, or wsize apart
		case 2:
			c.prev[i] = uint16(c.limit + r.IntN(2)) // to the limit, or just above it
		case 3:
			c.prev[i] = uint16(c.strstart - r.IntN(2)) // to strstart, or just below it
		default:
			c.prev[i] = uint16(max(0, c.strstart-r.IntN(c.strstart+1)))
		}
	}
	// Plant copies of the string at scan along the chain, matching about bestLen bytes.
	pos := c.cur
	for range r.IntN(6) {
		start := pos - c.offset
		if n := min(258, c.bestLen-1+r.IntN(3)); start > 0 && start+n <= c.strstart && r.IntN(2) == 0 {
			copy(c.mem[start:start+n], c.mem[c.strstart:c.strstart+n])
		}
		pos = int(c.prev[pos&c.wmask])
		if pos <= c.limit {
			break
		}
	}
	return c
}

// TestLongestMatchWalk compares the assembly walk with longestMatchWalkGo on random and adversarial
// cases, on each of compare256's paths (on platforms without the assembly, the two are the same code).
func TestLongestMatchWalk(t *testing.T) {
	cases := 5000
	if testing.Short() {
		cases = 1000
	}
	for _, p := range compare256Paths(t) {
		t.Run("impl="+p.name, func(t *testing.T) {
			defer p.use()()
			r := rand.New(rand.NewPCG(38, 9))
			passed := 0
			for i := range cases {
				c := randomWalkCase(r)
				want := c.run(longestMatchWalkGo)
				if got := c.run(longestMatchWalk); got != want {
					t.Fatalf("case %d: got (cur, chain, n) %v, want %v; case %+v", i, got, want, *c.summary())
				}
				if want[2] > 0 {
					passed++
				}
			}
			if passed < cases/10 {
				t.Fatalf("only %d of %d cases found a better match: the cases do not exercise the compare", passed, cases)
			}
		})
	}
}

// summary is c without its memory, for messages.
func (c *walkCase) summary() *walkCase {
	s := *c
	s.mem, s.prev = nil, nil
	return &s
}

// FuzzLongestMatchWalk compares the two walks on a window made of the fuzzer's bytes, repeated, with
// chain links and arguments taken from its numbers.
func FuzzLongestMatchWalk(f *testing.F) {
	f.Add([]byte("abcabcabdabcabc"), uint16(40000), uint16(3000), uint16(7), uint8(5), uint8(0), uint16(100), uint8(15), false)
	f.Add([]byte{0}, uint16(65535), uint16(65500), uint16(1), uint8(255), uint8(200), uint16(4096), uint8(9), true)
	f.Add([]byte("ab"), uint16(1000), uint16(999), uint16(2), uint8(2), uint8(1), uint16(1), uint8(12), false)
	f.Fuzz(func(t *testing.T, data []byte, strstart, cur, step uint16, bestLen, offset uint8, chain uint16, wbits uint8, earlyExit bool) {
		if len(data) == 0 {
			return
		}
		c := &walkCase{mem: make([]byte, walkMem), strstart: int(strstart), earlyExit: earlyExit}
		for i := range c.mem {
			c.mem[i] = data[i%len(data)]
		}
		c.wmask = 1<<(9+int(wbits%7)) - 1
		c.prev = make([]uint16, c.wmask+1)
		for i := range c.prev {
			c.prev[i] = uint16(i - 1 - int(step)) // back by step+1, wrapping to forward links
		}
		c.bestLen = 2 + int(bestLen)%257
		c.offset = int(offset) % c.bestLen
		c.limit = c.offset
		c.cur = max(int(cur), c.limit+1)
		c.chain = 1 + int(chain)
		for _, p := range compare256Paths(t) {
			func() {
				defer p.use()()
				if got, want := c.run(longestMatchWalk), c.run(longestMatchWalkGo); got != want {
					t.Fatalf("impl=%s: got (cur, chain, n) %v, want %v; case %+v", p.name, got, want, *c.summary())
				}
			}()
		}
	})
}
