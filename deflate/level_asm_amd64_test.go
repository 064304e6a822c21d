package deflate

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// quickRunCase is a State as deflateQuick hands it to quickRun: a window of some kind of content,
// positions, hash heads and links, a bit buffer and pending output; drawn from a seed.
type quickRunCase struct {
	wbits, memLevel      int
	content              int // 0 random, 1 short period, 2 few symbols, 3 zeros
	strstart, lookahead  int
	pendStart, pendEnd   int
	bitCount             uint
	bitBuf               uint64
	headNear, headRandom bool // heads at most wsize back, or anywhere (also at and past strstart)
}

// state builds c's State at level; the caller ends it.
func (c quickRunCase) state(t *testing.T, r *rand.Rand, level int) *State {
	t.Helper()
	s, err := New(Config{Level: level, WindowBits: -c.wbits, MemLevel: c.memLevel}, GoHeap, Consolidated)
	if err != nil {
		t.Fatal(err)
	}
	period := 1 + r.IntN(40)
	for i := range s.window {
		switch c.content {
		case 0:
			s.window[i] = byte(r.Uint32())
		case 1:
			s.window[i] = byte(i%period) * 7
			if r.IntN(50) == 0 {
				s.window[i] = byte(r.Uint32())
			}
		case 2:
			s.window[i] = byte(r.IntN(3))
		}
	}
	for i := range s.head {
		switch {
		case c.headRandom:
			s.head[i] = uint16(r.IntN(len(s.window)))
		case c.headNear:
			s.head[i] = uint16(max(0, c.strstart-r.IntN(s.wsize+1)))
		}
	}
	for i := range s.prev {
		// Backward, as a stream's links are: the latest position below strstart with this index links
		// to an older one (the matchers follow them; a link forward would be a state no stream has).
		p := c.strstart - (c.strstart-i)&s.wmask
		s.prev[i] = uint16(max(0, p-1-r.IntN(s.wsize)))
	}
	for i := range s.pendingBuf {
		s.pendingBuf[i] = byte(r.Uint32())
	}
	s.strstart, s.lookahead = c.strstart, c.lookahead
	s.pendStart, s.pendEnd = c.pendStart, c.pendEnd
	s.bitCount, s.bitBuf = c.bitCount, c.bitBuf&(1<<c.bitCount-1)
	return s
}

// randomQuickRunCase draws a case: window sizes 2^9 to 2^15, memLevels 1 to 9 (pending regions of 512
// bytes to 128 KiB), a lookahead from 1 (the input's last positions, where zlib-ng's loop goes on after
// fill_window) to the whole window, pending output from empty to past the end the loop stops at.
func randomQuickRunCase(r *rand.Rand) quickRunCase {
	c := quickRunCase{wbits: 9 + r.IntN(7), memLevel: 1 + r.IntN(9), content: r.IntN(4)}
	if r.IntN(2) == 0 {
		c.wbits = 15
	}
	wsize := 1 << c.wbits
	c.strstart = r.IntN(wsize)
	if r.IntN(2) == 0 {
		c.strstart = wsize + r.IntN(wsize-minLookahead)
	}
	c.lookahead = min(2*wsize-c.strstart, minLookahead-5+r.IntN(2*wsize))
	if r.IntN(4) == 0 {
		c.lookahead = min(2*wsize-c.strstart, 1+r.IntN(minLookahead)) // the input's last positions
	}
	pendSize := 4 << (c.memLevel + 6)
	c.pendEnd = []int{0, r.IntN(pendSize), pendSize - 16 - r.IntN(8), pendSize - 9, pendSize}[r.IntN(5)]
	// pendStart is 0 whenever deflateQuick runs (deflate hands out all pending output first); up to a
	// quarter of the region here, within the 5*litBufsize bytes quickRunGo may write up to.
	c.pendStart = []int{0, 0, r.IntN(min(c.pendEnd, pendSize/4) + 1)}[r.IntN(3)]
	c.bitCount, c.bitBuf = uint(r.IntN(64)), r.Uint64()
	c.headNear, c.headRandom = r.IntN(4) > 0, r.IntN(4) == 0
	return c
}

// TestQuickRunAsmMatchesGo runs quickRunAVX2 and quickRunGo from the same State and requires the same
// State after: every scalar, hash heads and links, and every byte of the pending region (so also none
// written past the end the loop stops at).
func TestQuickRunAsmMatchesGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("quickRunAVX2 needs AVX2; quickRun runs quickRunGo here")
	}
	r := rand.New(rand.NewPCG(48, 1))
	for i := range 400 {
		c := randomQuickRunCase(r)
		a := c.state(t, r, 1)
		g, err := a.Copy()
		if err != nil {
			t.Fatal(err)
		}
		if !quickRunAVX2(a) {
			t.Fatalf("case %d %+v: quickRunAVX2 declined with room for a symbol", i, c)
		}
		g.quickRunGo()
		if diff := runStateDiff(a, g, c.strstart); diff != "" {
			t.Errorf("case %d %+v: %s", i, c, diff)
		}
		a.End()
		g.End()
	}
}

// TestQuickRunAsmDeclinesWithoutRoom: with fewer than eight bytes of pendingBuf left at pendEnd,
// quickRunAVX2 returns false and changes nothing (quickRun then runs quickRunGo, whose store panics).
func TestQuickRunAsmDeclinesWithoutRoom(t *testing.T) {
	if !useAVX2 {
		t.Skip("quickRunAVX2 needs AVX2")
	}
	r := rand.New(rand.NewPCG(48, 2))
	for _, short := range []int{1, 7} {
		c := randomQuickRunCase(r)
		c.lookahead = min(2<<c.wbits-c.strstart, minLookahead)
		a := c.state(t, r, 1)
		a.pendEnd = len(a.pendingBuf) - 8 + short
		before := a.streamState
		pending := bytes.Clone(a.pendingBuf)
		if quickRunAVX2(a) {
			t.Errorf("pendEnd %d of %d: quickRunAVX2 ran", a.pendEnd, len(a.pendingBuf))
		}
		if a.streamState != before || !bytes.Equal(a.pendingBuf, pending) {
			t.Errorf("pendEnd %d of %d: quickRunAVX2 changed the state", a.pendEnd, len(a.pendingBuf))
		}
		a.End()
	}
}

// TestFastRunAsmMatchesGo runs fastRunAVX2 and fastRunGo (level 2, deflate_fast) from the same State
// and requires the same State after: every scalar, hash heads and links, the symbol buffers and the
// frequencies.
func TestFastRunAsmMatchesGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("fastRunAVX2 needs AVX2; fastRun runs fastRunGo here")
	}
	r := rand.New(rand.NewPCG(48, 3))
	for i := range 400 {
		c := randomQuickRunCase(r)
		c.headRandom = false // heads at or past strstart would link positions forward, which no stream does
		a := c.state(t, r, 2)
		randomizeSymbols(r, a)
		g, err := a.Copy()
		if err != nil {
			t.Fatal(err)
		}
		fullA, fullG := fastRunAVX2(a), g.fastRunGo()
		switch diff := runStateDiff(a, g, c.strstart); {
		case fullA != fullG:
			t.Errorf("case %d %+v: full %v, Go's %v", i, c, fullA, fullG)
		case diff != "":
			t.Errorf("case %d %+v: %s", i, c, diff)
		case *a.trees != *g.trees:
			t.Errorf("case %d %+v: frequencies differ%s", i, c, treesDiff(a.trees, g.trees))
		}
		a.End()
		g.End()
	}
}

// TestMediumRunAsmMatchesGo runs mediumRunAVX2 and mediumRunGreedyGo (levels 3-4, deflate_medium with
// early_exit) from the same State and requires the same State after: every scalar, hash heads and
// links, the symbol buffers and the frequencies. Insertion limits are 2.2.5's (16 x max_insert_length),
// 2.2.2's (maxMatch) and short ones, so that long matches take insert_match's every path.
func TestMediumRunAsmMatchesGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("mediumRunAVX2 needs AVX2; mediumRunGreedy runs mediumRunGreedyGo here")
	}
	r := rand.New(rand.NewPCG(48, 4))
	for i := range 400 {
		c := randomMediumRunCase(r)
		level := 3 + r.IntN(2)
		a := c.state(t, r, level)
		a.mediumInsertMax = []int{a.mediumInsertMax, maxMatch, wantMinMatch + r.IntN(20)}[r.IntN(3)]
		randomizeSymbols(r, a)
		g, err := a.Copy()
		if err != nil {
			t.Fatal(err)
		}
		var next packedMatch
		fullA, fullG := mediumRunAVX2(a, &next), g.mediumRunGreedyGo()
		sameMediumRun(t, fmt.Sprintf("case %d level %d %+v", i, level, c), a, g, c.strstart, fullA, fullG)
	}
}

// sameMediumRun requires the assembly's run (a, fullA) and the Go loop's (g, fullG) to leave the same
// State - every scalar, hash heads and links, the symbol buffers and the frequencies - and ends both.
func sameMediumRun(t *testing.T, what string, a, g *State, strstart int, fullA, fullG bool) {
	t.Helper()
	switch diff := runStateDiff(a, g, strstart); {
	case fullA != fullG:
		t.Errorf("%s: full %v, Go's %v", what, fullA, fullG)
	case diff != "":
		t.Errorf("%s: %s", what, diff)
	case *a.trees != *g.trees:
		t.Errorf("%s: frequencies differ%s", what, treesDiff(a.trees, g.trees))
	}
	a.End()
	g.End()
}

// TestMediumRunLazyAsmMatchesGo runs mediumRunAVX2 and mediumRunLazyGo (levels 5-6, deflate_medium
// looking one match ahead) from the same State and next match and requires the same State and next
// match after: every scalar, hash heads and links, the symbol buffers and the frequencies. The next
// match handed in is none, a literal, or a match at strstart, its orgstart moved on as fizzle_matches
// leaves it; insertion limits as in TestMediumRunAsmMatchesGo.
func TestMediumRunLazyAsmMatchesGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("mediumRunAVX2 needs AVX2; mediumRunLazy runs mediumRunLazyGo here")
	}
	r := rand.New(rand.NewPCG(48, 5))
	for i := range 400 {
		c := randomMediumRunCase(r)
		level := 5 + r.IntN(2)
		a := c.state(t, r, level)
		a.mediumInsertMax = []int{a.mediumInsertMax, maxMatch, wantMinMatch + r.IntN(20)}[r.IntN(3)]
		randomizeSymbols(r, a)
		var next packedMatch
		switch ss := c.strstart; r.IntN(3) {
		case 1:
			next = packedMatch{pmLength: 1, pmStrstart: uint16(ss), pmOrgstart: uint16(ss)}
		case 2:
			if d := min(ss, a.maxDist); d > 0 {
				n := wantMinMatch + r.IntN(min(maxMatch, c.lookahead-wantMinMatch)-wantMinMatch+1)
				next = packedMatch{uint16(ss - 1 - r.IntN(d)), uint16(n), uint16(ss), uint16(ss + r.IntN(4))}
			}
		}
		g, err := a.Copy()
		if err != nil {
			t.Fatal(err)
		}
		nextA, nextG := next, next
		fullA, fullG := mediumRunAVX2(a, &nextA), g.mediumRunLazyGo(&nextG)
		if nextA != nextG {
			t.Errorf("case %d level %d %+v: next match %v, Go's %v", i, level, c, nextA, nextG)
		}
		sameMediumRun(t, fmt.Sprintf("case %d level %d %+v", i, level, c), a, g, c.strstart, fullA, fullG)
	}
}

// TestMediumRunFizzleBounds runs mediumRunAVX2 and mediumRunLazyGo (level 6) where fizzle_matches moves
// the next match back over all or most of the current one, which the random States rarely reach: the
// window repeats a period of 7 bytes up to 5 bytes past the current match (at 300, length n, distance
// 7), so the next match is 5 long at distance 7 and every byte before it agrees. It stops when current
// is empty, at next's length 256 (n 252: current left with one byte, so fizzled; 253: two, so kept) or
// at MAX_DIST back, 250 in a 2^9 window (n 251: one byte; 252: two).
func TestMediumRunFizzleBounds(t *testing.T) {
	if !useAVX2 {
		t.Skip("mediumRunAVX2 needs AVX2")
	}
	const start, dist, ahead = 300, 7, 5
	for _, c := range []struct{ wbits, n int }{{15, 200}, {15, 252}, {15, 253}, {9, 251}, {9, 252}} {
		a, err := New(Config{Level: 6, WindowBits: -c.wbits, MemLevel: 8}, GoHeap, Consolidated)
		if err != nil {
			t.Fatal(err)
		}
		end := start + c.n + ahead // the first byte off the period
		for i := range a.window {
			a.window[i] = byte(i*31 + i>>3)
			if i < end {
				a.window[i] = 'a' + byte(i%dist)
			}
		}
		a.window[end] = a.window[end-dist] ^ 0xff
		a.strstart, a.lookahead = start, min(724, len(a.window)-start)
		g, err := a.Copy()
		if err != nil {
			t.Fatal(err)
		}
		nextA := packedMatch{start - dist, uint16(c.n), start, start}
		nextG := nextA
		fullA, fullG := mediumRunAVX2(a, &nextA), g.mediumRunLazyGo(&nextG)
		switch diff := runStateDiff(a, g, start); {
		case fullA != fullG || nextA != nextG:
			t.Errorf("%+v: full %v, next %v; Go's %v, %v", c, fullA, nextA, fullG, nextG)
		case diff != "":
			t.Errorf("%+v: %s", c, diff)
		case *a.trees != *g.trees:
			t.Errorf("%+v: frequencies differ%s", c, treesDiff(a.trees, g.trees))
		}
		a.End()
		g.End()
	}
}

// randomMediumRunCase draws a case as randomQuickRunCase does, with minLookahead bytes or more ahead
// (deflateMedium runs its loops only then) and hash heads at most wsize back (heads at or past strstart
// would link positions forward, which no stream does).
func randomMediumRunCase(r *rand.Rand) quickRunCase {
	c := randomQuickRunCase(r)
	c.headRandom = false
	if wsize := 1 << c.wbits; c.lookahead < minLookahead {
		c.strstart = min(c.strstart, 2*wsize-minLookahead)
		c.lookahead = minLookahead + r.IntN(2*wsize-minLookahead-c.strstart+1)
	}
	return c
}

// randomizeSymbols puts s's symbol buffer at none, some or all but one of its symbols, and gives every
// frequency a random count, so that a loop that tallies into the wrong entry or misses the full buffer
// shows.
func randomizeSymbols(r *rand.Rand, s *State) {
	s.symNext = []int{0, r.IntN(s.symEnd), s.symEnd - 1}[r.IntN(3)]
	for j := range s.trees.dynLtree {
		s.trees.dynLtree[j].fc = uint16(r.IntN(1000))
	}
	for j := range s.trees.dynDtree {
		s.trees.dynDtree[j].fc = uint16(r.IntN(1000))
	}
}

// runStateDiff says how the State after the assembly (a) differs from the State after the Go loop (g),
// both started at strstart: scalars, hash heads and links, the pending region (and the symbol buffers
// in it); or that no symbol was coded. "" when neither.
func runStateDiff(a, g *State, strstart int) string {
	switch {
	case a.streamState != g.streamState:
		return fmt.Sprintf("state\nasm %+v\ngo  %+v", a.streamState, g.streamState)
	case *a.head != *g.head:
		return "hash heads differ"
	case !slices.Equal(a.prev, g.prev):
		return "hash links differ"
	case !bytes.Equal(a.pendingBuf, g.pendingBuf):
		return "pending region (output, symbol buffers) differs"
	case a.strstart == strstart:
		return "no symbol coded"
	}
	return ""
}

// treesDiff names the first differing frequency of two tree states, for a failure's message.
func treesDiff(a, b *treeState) string {
	for j := range a.dynLtree {
		if a.dynLtree[j] != b.dynLtree[j] {
			return fmt.Sprintf(": dynLtree[%d] %+v, Go's %+v", j, a.dynLtree[j], b.dynLtree[j])
		}
	}
	for j := range a.dynDtree {
		if a.dynDtree[j] != b.dynDtree[j] {
			s := ""
			for k := range a.dynDtree {
				if a.dynDtree[k] != b.dynDtree[k] {
					s += fmt.Sprintf(" [%d] %d/%d", k, a.dynDtree[k].fc, b.dynDtree[k].fc)
				}
			}
			return s
		}
	}
	return ""
}
