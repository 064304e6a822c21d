package deflate

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// matchMem is the memory a match case reads: every position a uint16 chain link can name, and past the
// last one the 2+256 bytes a compare reads and the 8 of a filter load, as the window is followed by
// prev in the State's single block.
const matchMem = 1<<16 + 512

// matchCase is one search: the window, prev and head it reads and the State's fields it reads.
type matchCase struct {
	mem      []byte
	prev     []uint16
	head     *[hashSize]uint16
	wmask    int
	cur      int // the chain's first candidate
	strstart int
	offset   int // where copies of the string are planted: the candidates less offset (longestMatchSlow's offsets)
	limit    int // strstart - maxDist, or 0
	chain    int // maxChainLength

	level, prevLength, lookahead, good, nice int
}

// state returns a State over c's memory, chain links and hash heads with c's fields.
func (c *matchCase) state() *State {
	s := &State{window: c.mem, prev: c.prev, head: c.head}
	s.wmask, s.strstart, s.level, s.prevLength, s.lookahead = c.wmask, c.strstart, c.level, c.prevLength, c.lookahead
	s.maxChainLength, s.goodMatch, s.niceMatch, s.maxDist = c.chain, c.good, c.nice, c.strstart-c.limit
	return s
}

// search calls search (a matcher in assembly or in Go) on c and returns its result and the matchStart
// it left (-1: none).
func (c *matchCase) search(search func(s *State, curMatch int) int) [2]int {
	s := c.state()
	s.matchStart = -1
	n := search(s, c.cur)
	return [2]int{n, s.matchStart}
}

// randomMatchCase draws a case: windows of few symbols (filters that pass), periods and zeros (matches
// of 258), random bytes (filters that fail); chains that go back by short or random steps, or link
// forward, to themselves, to the limit and to strstart; hash heads about the limits and anywhere; best
// lengths (prevLength) at the filter's widths and up to 258; copies of the string at scan planted along
// the chain that match bestLen-1 to bestLen+1 bytes, or pass the filter and fall short; strstart near
// the end of the memory (compares reading past it into the slack) and of the window, candidates down to
// position 1 and at or past strstart; chain lengths from 4, good and nice lengths at and about the best
// length, lookaheads short of 258 and beyond it, every level (early exit below 5).
func randomMatchCase(r *rand.Rand) *matchCase {
	c := &matchCase{mem: make([]byte, matchMem)}
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
	bestLen := []int{2, 3, 4, 5, 7, 8, 9, 16, 31, 32, 33, 100, 255, 256, 257, 258}[r.IntN(16)]
	if r.IntN(3) == 0 {
		bestLen = 2 + r.IntN(257)
	}
	if r.IntN(2) == 0 {
		c.offset = r.IntN(bestLen)
	}
	if r.IntN(3) > 0 {
		c.limit = r.IntN(max(1, c.strstart/2))
	}
	c.limit += c.offset // the candidates' starts, c.cur-c.offset and on, are then at 1 or later
	c.cur = c.limit + 1 + r.IntN(max(1, c.strstart-c.limit-1))
	if r.IntN(16) == 0 {
		c.cur = c.limit + 1 + r.IntN(1<<16-1-c.limit) // at or past strstart
	}
	// The best length from prevLength (0: none yet), the chain from maxChain and good, the length
	// capped by lookahead and nice.
	c.level = 1 + r.IntN(9)
	c.prevLength = bestLen
	if bestLen == 2 && r.IntN(2) == 0 {
		c.prevLength = 0
	}
	c.chain = []int{4, 5, 16, 128, 4096}[r.IntN(5)] // at least 4: a quarter of it is the chain from good on, and 0 would not end
	c.good = []int{4, 8, 16, 32, 258}[r.IntN(5)]
	c.nice = []int{8, 16, 128, 258}[r.IntN(4)]
	if r.IntN(4) == 0 {
		c.nice = bestLen + r.IntN(3)
	}
	c.lookahead = []int{1, 3, 4, 100, 257, 258, 262}[r.IntN(7)]
	if r.IntN(2) == 0 {
		c.lookahead = 1 + r.IntN(300)
	}
	c.head = new([hashSize]uint16)
	for i := range c.head {
		switch r.IntN(6) {
		case 0:
			c.head[i] = uint16(c.limit + r.IntN(c.offset+3)) // about the limit of the chain at an offset
		case 1:
			c.head[i] = uint16(r.Uint32()) // anywhere, also at or past the candidate
		default:
			c.head[i] = uint16(c.cur - r.IntN(c.cur+1)) // older than the candidate, or 0
		}
	}
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
	// Mostly, a chain from cur down by steps of a few bytes, so that walks visit many candidates.
	if r.IntN(4) > 0 {
		step := []int{1, 3, 16, 64, 600}[r.IntN(5)]
		for p, j := c.cur, 0; j < 400; j++ {
			q := p - 1 - r.IntN(step)
			if q <= 0 {
				break
			}
			c.prev[p&c.wmask] = uint16(q)
			p = q
		}
	}
	// Plant copies of the string at scan along the chain, not overlapping, matching about bestLen bytes
	// or, broken in the middle, fewer.
	pos, below := c.cur, c.strstart
	for range 64 {
		start := pos - c.offset
		if n := min(258, bestLen-1+r.IntN(3)); start > 0 && start+n < below && r.IntN(3) == 0 {
			copy(c.mem[start:start+n], c.mem[c.strstart:c.strstart+n])
			if n > 16 && r.IntN(2) == 0 {
				c.mem[start+8+r.IntN(n-16)]++ // the filter passes, the compare falls short
			}
			below = start
		}
		pos = int(c.prev[pos&c.wmask])
		if pos <= c.limit {
			break
		}
	}
	return c
}

// searches are the matchers in assembly and in Go (on platforms without the assembly, the same code).
var searches = []struct {
	name     string
	asm, ref func(s *State, curMatch int) int
}{
	{"longestMatch", (*State).longestMatch, (*State).longestMatchGo},
	{"longestMatchSlow", (*State).longestMatchSlow, (*State).longestMatchSlowGo},
}

// TestLongestMatchAsm compares the matchers in assembly with longestMatchGo and longestMatchSlowGo on
// random and adversarial cases, on each of compare256's paths.
func TestLongestMatchAsm(t *testing.T) {
	if runtime.GOARCH != "amd64" { // match_other.go: the Go matchers are the matchers, nothing to compare
		t.Skip("the matchers are in assembly on amd64 only")
	}
	cases := 2000 // each builds a 64 KiB window and a 64k-entry head table: 2 s a compare256 path
	if testing.Short() {
		cases = 1000
	}
	for _, p := range compare256Paths(t) {
		t.Run("impl="+p.name, func(t *testing.T) {
			defer p.use()()
			r := rand.New(rand.NewPCG(38, 9))
			found := make([]int, len(searches))
			for i := range cases {
				c := randomMatchCase(r)
				for j, m := range searches {
					want := c.search(m.ref)
					if got := c.search(m.asm); got != want {
						t.Fatalf("case %d: %s: got (length, matchStart) %v, want %v; case %+v", i, m.name, got, want, *c.summary())
					}
					if want[1] >= 0 {
						found[j]++
					}
				}
			}
			for j, n := range found {
				if n < cases/10 {
					t.Fatalf("%s found a better match in only %d of %d cases: the cases do not exercise the compare", searches[j].name, n, cases)
				}
			}
		})
	}
}

// summary is c without its memory, for messages.
func (c *matchCase) summary() *matchCase {
	s := *c
	s.mem, s.prev, s.head = nil, nil, nil
	return &s
}

// FuzzLongestMatchAsm compares the matchers in assembly and in Go on a window made of the fuzzer's
// bytes, repeated, with chain links (back by step+1, wrapping to forward links), hash heads (back by
// headStep+1 from each index) and the State's fields taken from its numbers.
func FuzzLongestMatchAsm(f *testing.F) {
	f.Add([]byte("abcabcabdabcabc"), uint16(40000), uint16(3000), uint16(7), uint16(100), uint8(5), uint16(100), uint8(15), uint8(9))
	f.Add([]byte{0}, uint16(65535), uint16(65500), uint16(1), uint16(3), uint8(255), uint16(4096), uint8(9), uint8(9))
	f.Add([]byte("ab"), uint16(1000), uint16(999), uint16(2), uint16(0), uint8(2), uint16(1), uint8(12), uint8(4))
	f.Fuzz(func(t *testing.T, data []byte, strstart, cur, step, headStep uint16, prevLength uint8, chain uint16, wbits, level uint8) {
		if len(data) == 0 {
			return
		}
		c := &matchCase{mem: make([]byte, matchMem), strstart: int(strstart), head: new([hashSize]uint16)}
		for i := range c.mem {
			c.mem[i] = data[i%len(data)]
		}
		c.wmask = 1<<(9+int(wbits%7)) - 1
		c.prev = make([]uint16, c.wmask+1)
		for i := range c.prev {
			c.prev[i] = uint16(i - 1 - int(step))
		}
		for i := range c.head {
			c.head[i] = uint16(int(cur) - 1 - int(headStep) - i)
		}
		c.limit = min(int(strstart), int(step)%4096)
		c.cur = max(int(cur), c.limit, 1) // as the callers: a candidate, within maxDist
		c.chain = 4 + int(chain)
		c.level, c.prevLength = 1+int(level%9), int(prevLength)
		if c.prevLength == 1 {
			c.prevLength = 0 // 0 or from 2 on, as matchLength
		}
		c.good, c.nice, c.lookahead = 8, 2+int(level)%257, 1+int(step)%300
		for _, p := range compare256Paths(t) {
			func() {
				defer p.use()()
				for _, m := range searches {
					if got, want := c.search(m.asm), c.search(m.ref); got != want {
						t.Fatalf("impl=%s: %s: got (length, matchStart) %v, want %v; case %+v", p.name, m.name, got, want, *c.summary())
					}
				}
			}()
		}
	})
}
