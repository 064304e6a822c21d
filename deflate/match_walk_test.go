package deflate

import (
	"math/rand/v2"
	"testing"
)

// walkMem is the memory a walk case reads: every position a uint16 chain link can name, and past the
// last one the 2+256 bytes a compare reads and the 8 of a filter load, as the window is followed by
// prev in the State's single block.
const walkMem = 1<<16 + 512

// walkCase is one call of the chain walk: the window and prev it reads and its arguments.
type walkCase struct {
	mem      []byte
	prev     []uint16
	wmask    int
	cur      int
	offset   int // matchOffset
	limit    int
	chain    int
	bestLen  int
	strstart int

	// For the whole search (longestMatch): the State's fields it reads besides the above.
	level, prevLength, lookahead, maxChain, good, nice, maxDist int
}

// state returns a State over c's memory and chain links with c's fields.
func (c *walkCase) state() *State {
	s := &State{window: c.mem, prev: c.prev}
	s.wmask, s.strstart, s.level, s.prevLength, s.lookahead = c.wmask, c.strstart, c.level, c.prevLength, c.lookahead
	s.maxChainLength, s.goodMatch, s.niceMatch, s.maxDist = c.maxChain, c.good, c.nice, c.maxDist
	return s
}

// walk calls walk (longestMatchWalk or longestMatchWalkGo) on c.
func (c *walkCase) walk(walk func(s *State, curMatch, matchOffset, limit, chainLength, bestLen int) (int, int, int)) [3]int {
	cur, chain, n := walk(c.state(), c.cur, c.offset, c.limit, c.chain, c.bestLen)
	return [3]int{cur, chain, n}
}

// search calls search ((*State).longestMatch or longestMatchGo) on c and returns its result and the
// matchStart it left.
func (c *walkCase) search(search func(s *State, curMatch int) int) [2]int {
	s := c.state()
	s.matchStart = -1
	n := search(s, c.cur)
	return [2]int{n, s.matchStart}
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
	// The search's own setup, for the same window: the best length from prevLength (0: none yet), the
	// limit from maxDist, the chain from maxChain and good, the length capped by lookahead and nice.
	c.level = 1 + r.IntN(9)
	c.prevLength = c.bestLen
	if c.bestLen == 2 && r.IntN(2) == 0 {
		c.prevLength = 0
	}
	c.maxChain = []int{4, 5, 16, 128, 4096}[r.IntN(5)] // at least 4: a quarter of it is the chain from good on, and 0 would not end
	c.good = []int{4, 8, 16, 32, 258}[r.IntN(5)]
	c.nice = []int{8, 16, 128, 258}[r.IntN(4)]
	if r.IntN(4) == 0 {
		c.nice = c.bestLen + r.IntN(3)
	}
	c.lookahead = []int{1, 3, 4, 100, 257, 258, 262}[r.IntN(7)]
	if r.IntN(2) == 0 {
		c.lookahead = 1 + r.IntN(300)
	}
	c.maxDist = c.wmask + 1 - (maxMatch + minMatch + 1)
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
		if n := min(258, c.bestLen-1+r.IntN(3)); start > 0 && start+n < below && r.IntN(3) == 0 {
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

// TestLongestMatchWalk compares the assembly walk and search (longestMatchWalk, longestMatch) with
// longestMatchWalkGo and longestMatchGo on random and adversarial cases, on each of compare256's paths
// (on platforms without the assembly, the two are the same code).
func TestLongestMatchWalk(t *testing.T) {
	cases := 5000
	if testing.Short() {
		cases = 1000
	}
	for _, p := range compare256Paths(t) {
		t.Run("impl="+p.name, func(t *testing.T) {
			defer p.use()()
			r := rand.New(rand.NewPCG(38, 9))
			better, found := 0, 0
			for i := range cases {
				c := randomWalkCase(r)
				want := c.walk(longestMatchWalkGo)
				if got := c.walk(longestMatchWalk); got != want {
					t.Fatalf("case %d: walk: got (cur, chain, n) %v, want %v; case %+v", i, got, want, *c.summary())
				}
				if want[2] > 0 {
					better++
				}
				wantSearch := c.search((*State).longestMatchGo)
				if got := c.search((*State).longestMatch); got != wantSearch {
					t.Fatalf("case %d: search: got (length, matchStart) %v, want %v; case %+v", i, got, wantSearch, *c.summary())
				}
				if wantSearch[1] >= 0 {
					found++
				}
			}
			if better < cases/10 || found < cases/10 {
				t.Fatalf("only %d walks and %d searches of %d found a better match: the cases do not exercise the compare", better, found, cases)
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

// FuzzLongestMatchWalk compares the two walks and the two searches on a window made of the fuzzer's bytes, repeated, with
// chain links and arguments taken from its numbers.
func FuzzLongestMatchWalk(f *testing.F) {
	f.Add([]byte("abcabcabdabcabc"), uint16(40000), uint16(3000), uint16(7), uint8(5), uint8(0), uint16(100), uint8(15), uint8(4))
	f.Add([]byte{0}, uint16(65535), uint16(65500), uint16(1), uint8(255), uint8(200), uint16(4096), uint8(9), uint8(9))
	f.Add([]byte("ab"), uint16(1000), uint16(999), uint16(2), uint8(2), uint8(1), uint16(1), uint8(12), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, strstart, cur, step uint16, bestLen, offset uint8, chain uint16, wbits, level uint8) {
		if len(data) == 0 {
			return
		}
		c := &walkCase{mem: make([]byte, walkMem), strstart: int(strstart)}
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
		c.level, c.prevLength, c.maxChain = 1+int(level%9), c.bestLen, 4+int(chain)
		c.good, c.nice, c.lookahead = 8, 2+int(level)%257, 1+int(step)%300
		c.maxDist = c.wmask + 1 - (maxMatch + minMatch + 1)
		for _, p := range compare256Paths(t) {
			func() {
				defer p.use()()
				if got, want := c.walk(longestMatchWalk), c.walk(longestMatchWalkGo); got != want {
					t.Fatalf("impl=%s: walk: got (cur, chain, n) %v, want %v; case %+v", p.name, got, want, *c.summary())
				}
				if got, want := c.search((*State).longestMatch), c.search((*State).longestMatchGo); got != want {
					t.Fatalf("impl=%s: search: got (length, matchStart) %v, want %v; case %+v", p.name, got, want, *c.summary())
				}
			}()
		}
	})
}
