package deflate

import (
	"errors"
	"fmt"
)

// token is one decoded element of a DEFLATE stream, for describing where two streams part: a block
// header, a literal, a match, or a block end. The differential tests print the first token that differs.
type token struct {
	kind   byte // 'H' header, 'L' literal, 'M' match, 'E' end of block, 'S' stored block
	a, b   int  // header: final, type; literal: byte; match: length, distance; stored: length
	offset int  // uncompressed offset where the token starts
}

func (t token) String() string {
	switch t.kind {
	case 'H':
		return fmt.Sprintf("@%d block final=%d type=%d", t.offset, t.a, t.b)
	case 'L':
		return fmt.Sprintf("@%d lit %q", t.offset, byte(t.a))
	case 'M':
		return fmt.Sprintf("@%d match len=%d dist=%d", t.offset, t.a, t.b)
	case 'S':
		return fmt.Sprintf("@%d stored len=%d", t.offset, t.a)
	}
	return fmt.Sprintf("@%d end", t.offset)
}

type bitReader struct {
	p    []byte
	pos  int // bit position
	fail bool
}

func (r *bitReader) bits(n int) int {
	v := 0
	for i := range n {
		if r.pos>>3 >= len(r.p) {
			r.fail = true
			return 0
		}
		v |= int(r.p[r.pos>>3]>>(r.pos&7)&1) << i
		r.pos++
	}
	return v
}

// huffDecoder decodes canonical Huffman codes from code lengths, bit by bit.
type huffDecoder struct {
	count  [16]int
	symbol []int
}

func newHuff(lengths []int) *huffDecoder {
	h := &huffDecoder{}
	for _, l := range lengths {
		h.count[l]++
	}
	h.count[0] = 0
	var offs [16]int
	for i := 1; i < 16; i++ {
		offs[i] = offs[i-1] + h.count[i-1]
	}
	offs[0] = 0
	h.symbol = make([]int, len(lengths))
	start := [16]int{}
	for i := 1; i < 16; i++ {
		start[i] = start[i-1] + h.count[i-1]
	}
	for s, l := range lengths {
		if l != 0 {
			h.symbol[start[l]-h.count[0]] = s
			start[l]++
		}
	}
	return h
}

func (h *huffDecoder) decode(r *bitReader) int {
	code, first, index := 0, 0, 0
	for l := 1; l < 16; l++ {
		code |= r.bits(1)
		c := h.count[l]
		if code-c < first {
			return h.symbol[index+(code-first)]
		}
		index += c
		first += c
		first <<= 1
		code <<= 1
		if r.fail {
			return -1
		}
	}
	return -1
}

var errTokens = errors.New("undecodable stream")

// deflateTokens decodes a raw DEFLATE stream into tokens (at most max).
func deflateTokens(p []byte, max int) ([]token, error) {
	r := &bitReader{p: p}
	var out []token
	offset := 0
	fixedL := make([]int, 288)
	for i := range fixedL {
		switch {
		case i < 144:
			fixedL[i] = 8
		case i < 256:
			fixedL[i] = 9
		case i < 280:
			fixedL[i] = 7
		default:
			fixedL[i] = 8
		}
	}
	fixedD := make([]int, 30)
	for i := range fixedD {
		fixedD[i] = 5
	}
	for len(out) < max {
		final, typ := r.bits(1), r.bits(2)
		if r.fail {
			return out, errTokens
		}
		out = append(out, token{kind: 'H', a: final, b: typ, offset: offset})
		switch typ {
		case 0:
			r.pos = (r.pos + 7) &^ 7
			n := r.bits(16)
			r.bits(16)
			r.pos += 8 * n
			out = append(out, token{kind: 'S', a: n, offset: offset})
			offset += n
		case 1, 2:
			var lit, dist *huffDecoder
			if typ == 1 {
				lit, dist = newHuff(fixedL), newHuff(fixedD)
			} else {
				hlit, hdist, hclen := r.bits(5)+257, r.bits(5)+1, r.bits(4)+4
				cl := make([]int, 19)
				for i := range hclen {
					cl[blOrder[i]] = r.bits(3)
				}
				ch := newHuff(cl)
				lens := make([]int, 0, hlit+hdist)
				for len(lens) < hlit+hdist {
					sym := ch.decode(r)
					switch {
					case sym < 0:
						return out, errTokens
					case sym < 16:
						lens = append(lens, sym)
					case sym == 16:
						if len(lens) == 0 {
							return out, errTokens
						}
						for range 3 + r.bits(2) {
							lens = append(lens, lens[len(lens)-1])
						}
					case sym == 17:
						lens = append(lens, make([]int, 3+r.bits(3))...)
					default:
						lens = append(lens, make([]int, 11+r.bits(7))...)
					}
				}
				lit, dist = newHuff(lens[:hlit]), newHuff(lens[hlit:])
			}
			for len(out) < max {
				sym := lit.decode(r)
				if sym < 0 {
					return out, errTokens
				}
				if sym < 256 {
					out = append(out, token{kind: 'L', a: sym, offset: offset})
					offset++
					continue
				}
				if sym == 256 {
					out = append(out, token{kind: 'E', offset: offset})
					break
				}
				code := sym - 257
				if code >= lengthCodes {
					return out, errTokens
				}
				length := int(baseLength[code]) + minMatch + r.bits(int(extraLBits[code]))
				dc := dist.decode(r)
				if dc < 0 || dc >= dCodes {
					return out, errTokens
				}
				d := int(baseDist[dc]) + 1 + r.bits(int(extraDBits[dc]))
				out = append(out, token{kind: 'M', a: length, b: d, offset: offset})
				offset += length
			}
		default:
			return out, errTokens
		}
		if final == 1 {
			break
		}
	}
	return out, nil
}

// firstTokenDiff describes the first token where two streams of format f differ; sameTokens reports
// that they decode to the same tokens (the difference is in the Huffman codes or the framing).
func firstTokenDiff(f Format, got, want []byte) (desc string, sameTokens bool) {
	skip := 0
	switch f {
	case Zlib:
		skip = 2
	case Gzip:
		skip = 10
	}
	if len(got) < skip || len(want) < skip {
		return "too short to decode", false
	}
	const maxTokens = 1 << 22
	g, gerr := deflateTokens(got[skip:], maxTokens)
	w, werr := deflateTokens(want[skip:], maxTokens)
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			from := max(0, i-3)
			return fmt.Sprintf("token %d: engine %v, zlib-ng %v (before: engine %v zlib-ng %v)", i, g[i], w[i], g[from:i], w[from:i]), false
		}
	}
	if len(g) != len(w) {
		return fmt.Sprintf("token streams of %d and %d tokens agree up to the shorter (errors %v, %v)", len(g), len(w), gerr, werr), false
	}
	return fmt.Sprintf("same %d tokens (errors %v, %v): the difference is in the Huffman codes or the framing", len(g), gerr, werr), gerr == nil && werr == nil
}
