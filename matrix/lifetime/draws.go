package lifetime

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"sync"
)

// flipDraws is the FlipDraws sign patterns a comparison of n pairs draws with seed: pattern k flips pair
// i when bit i of its words is set. The patterns depend on (seed, n) only, not on the pairs' values, so
// the tests that use the same seed (every knot of a break-even, every ratio at the grid's first lifetime
// and the break-even, every label swap of a calibration) share one set instead of redrawing 9,999 x n
// random numbers each: drawing them was most of a merged report's rendering time.
type flipDraws struct {
	words int      // uint64 words per pattern
	bits  []uint64 // FlipDraws patterns, words each
}

// drawFlips draws the patterns as newFlipSet and flipPOne always have: rand.New(rand.NewPCG(seed, n)),
// then r.IntN(2) == 1 for pair 0, 1, ..., n-1 of each draw in turn. IntN(2) is the low bit of the
// source's next Uint64 (math/rand/v2 masks for a power of two), so the source is read directly, without
// the interface call per bit; TestFlipDrawsMatchIntN holds the two equal.
func drawFlips(n int, seed uint64) *flipDraws {
	src := rand.NewPCG(seed, uint64(n))
	w := (n + 63) / 64
	f := &flipDraws{words: w, bits: make([]uint64, FlipDraws*w)}
	for k := range FlipDraws {
		p := f.bits[k*w : (k+1)*w]
		for i := range n {
			p[i/64] |= (src.Uint64() & 1) << (i % 64)
		}
	}
	return f
}

// sum is the sum of d over the pairs pattern k flips, added in pair order (as the draws always summed
// them, so the float result is the same), and how many pairs it flips.
func (f *flipDraws) sum(k int, d []float64) (s float64, flipped int) {
	for w, word := range f.bits[k*f.words : (k+1)*f.words] {
		for word != 0 {
			s += d[w*64+bits.TrailingZeros64(word)]
			word &= word - 1
			flipped++
		}
	}
	return s, flipped
}

// sum2 is sum over two value sets at once (a pattern's candidate and control sums).
func (f *flipDraws) sum2(k int, a, b []float64) (sa, sb float64, flipped int) {
	for w, word := range f.bits[k*f.words : (k+1)*f.words] {
		for word != 0 {
			i := w*64 + bits.TrailingZeros64(word)
			sa, sb = sa+a[i], sb+b[i]
			word &= word - 1
			flipped++
		}
	}
	return sa, sb, flipped
}

// sum4 is sum for patterns k .. k+3 at once (k+3 < FlipDraws), the flipped count left out: each
// pattern's sum adds its flipped pairs' values in pair order as sum does, and +0 for the others, which
// leaves a sum unchanged (it is never -0: it starts at +0, and x + -x is +0), so the four results are
// sum's to the bit. Four independent sums keep the processor's adders busy where one waits on each add.
func (f *flipDraws) sum4(k int, d []float64) (s0, s1, s2, s3 float64) {
	w := f.words
	p := f.bits[k*w : (k+4)*w]
	if w == 1 { // up to 64 pairs: each pattern's bits shifted through a register
		m0, m1, m2, m3 := p[0], p[1], p[2], p[3]
		for _, v := range d {
			b := math.Float64bits(v)
			s0 += math.Float64frombits(b & -(m0 & 1))
			s1 += math.Float64frombits(b & -(m1 & 1))
			s2 += math.Float64frombits(b & -(m2 & 1))
			s3 += math.Float64frombits(b & -(m3 & 1))
			m0, m1, m2, m3 = m0>>1, m1>>1, m2>>1, m3>>1
		}
		return s0, s1, s2, s3
	}
	for i, v := range d {
		b := math.Float64bits(v)
		j, sh := i/64, uint(i%64)
		s0 += math.Float64frombits(b & -(p[j] >> sh & 1))
		s1 += math.Float64frombits(b & -(p[w+j] >> sh & 1))
		s2 += math.Float64frombits(b & -(p[2*w+j] >> sh & 1))
		s3 += math.Float64frombits(b & -(p[3*w+j] >> sh & 1))
	}
	return s0, s1, s2, s3
}

// drawsCache keeps recently drawn pattern sets by (seed, n): a report's label-swap calibration analyses
// the same cells again with the same seeds twenty times. It is bounded (cleared when full) so that a long
// test process does not keep every set it ever drew; a set of 36 pairs is 80 kB.
var drawsCache struct {
	sync.Mutex
	m map[drawsKey]*flipDraws
}

type drawsKey struct {
	seed uint64
	n    int
}

// drawsCacheMax bounds drawsCache: a full merged report's lifetimes use a few hundred seeds.
const drawsCacheMax = 2048

// cachedFlips is drawFlips through drawsCache. The sets are read-only once drawn, so concurrent label
// swaps share them.
func cachedFlips(n int, seed uint64) *flipDraws {
	k := drawsKey{seed, n}
	drawsCache.Lock()
	f, ok := drawsCache.m[k]
	drawsCache.Unlock()
	if ok {
		return f
	}
	f = drawFlips(n, seed)
	drawsCache.Lock()
	if drawsCache.m == nil || len(drawsCache.m) >= drawsCacheMax {
		drawsCache.m = map[drawsKey]*flipDraws{}
	}
	drawsCache.m[k] = f
	drawsCache.Unlock()
	return f
}
