package deflate

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
)

// inputSpec names one deterministic input of the differential and golden tests: the same spec gives the
// same bytes on every platform and Go release (math/rand/v2's PCG and Zipf are specified algorithms).
type inputSpec struct {
	kind string // one of inputKinds
	seed uint64
	size int
}

func (in inputSpec) String() string {
	return fmt.Sprintf("in=%s/seed=%d/size=%d", in.kind, in.seed, in.size)
}

// inputKinds are the kinds of data inputSpec generates at random: each exercises a different part of the
// matchers ("periodic": matches of 258 bytes, where zlib-ng 2.2.2 and 2.2.5 differ). "stream" (the
// .NET stream workload's input) is generated too, but only for the cases that name it.
var inputKinds = []string{"zeros", "random", "text", "binary", "mixed", "payload", "runs", "periodic"}

// bytes generates the input.
func (in inputSpec) bytes() []byte {
	r := rand.New(rand.NewPCG(in.seed, 0x5eed))
	p := make([]byte, 0, in.size)
	switch in.kind {
	case "zeros":
		p = p[:in.size]
	case "random":
		p = appendRandom(p, r, in.size)
	case "text":
		p = appendText(p, r, in.size)
	case "binary":
		p = appendBinary(p, r, in.size)
	case "runs":
		p = appendRuns(p, r, in.size)
	case "payload":
		p = labPayload(in.seed, in.size, 0.5)
	case "periodic":
		p = appendPeriodic(p, r, in.size)
	case "stream":
		p = appendRepeated(p, labPayload(in.seed, streamWriteSize, 1), in.size)
	case "mixed":
		for len(p) < in.size {
			n := min(in.size-len(p), 1+int(math.Exp(r.Float64()*math.Log(40000))))
			switch r.IntN(5) {
			case 0:
				p = append(p, make([]byte, n)...)
			case 1:
				p = appendRandom(p, r, n)
			case 2:
				p = appendText(p, r, n)
			case 3:
				p = appendBinary(p, r, n)
			default:
				p = appendRuns(p, r, n)
			}
		}
	default:
		panic("inputSpec: unknown kind " + in.kind)
	}
	return p[:in.size]
}

// streamWriteSize is the bytes of each write of zlib-ng #1935's workload (the lab's stream workload): the
// first 1,000 bytes of the lab's payload, all random.
const streamWriteSize = 1000

// appendRepeated appends n bytes of period repeated.
func appendRepeated(p, period []byte, n int) []byte {
	for end := len(p) + n; len(p) < end; {
		p = append(p, period[:min(len(period), end-len(p))]...)
	}
	return p
}

// appendPeriodic appends n bytes of a random period of 1 to 4,096 bytes repeated; for half the seeds one
// byte in about 1,000 is then replaced, so that long matches end at random places.
func appendPeriodic(p []byte, r *rand.Rand, n int) []byte {
	period := appendRandom(nil, r, 1+int(math.Exp(r.Float64()*math.Log(4096))))
	start := len(p)
	p = appendRepeated(p, period, n)
	if r.IntN(2) == 0 {
		for i := start + r.IntN(2000); i < len(p); i += 1 + r.IntN(2000) {
			p[i] = byte(r.Uint32())
		}
	}
	return p
}

func appendRandom(p []byte, r *rand.Rand, n int) []byte {
	for i := 0; i < n; i += 8 {
		v := r.Uint64()
		for j := i; j < n && j < i+8; j++ {
			p = append(p, byte(v))
			v >>= 8
		}
	}
	return p
}

// words is the vocabulary of the text generator: English and code-like tokens.
var words = strings.Fields(`the of and to in is that for it as was with be by on not he this are or his
	from at which but have an they you were her she there been one all we their has would when if so no
	will can more other its who what into than them only some could these two may first then do any like
	my now over such our man me even most made after also did many before must through back years where
	much your way well down should because each just those people how too little state good very make
	world still own see men work long get here between both life being under never day same another know
	while last might us great old year off come since against go came right used take three func return
	err nil if else for range struct type interface package import var const int uint64 byte string
	deflate window match length distance literal block tree huffman code chain hash lazy greedy level`)

// appendText appends n bytes of Zipf-distributed words with punctuation, capitals and line breaks.
func appendText(p []byte, r *rand.Rand, n int) []byte {
	z := rand.NewZipf(r, 1.1, 2, uint64(len(words)-1))
	end := len(p) + n
	col := 0
	for len(p) < end {
		w := words[z.Uint64()]
		if r.IntN(12) == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		p = append(p, w...)
		col += len(w) + 1
		switch k := r.IntN(40); {
		case k == 0:
			p = append(p, ".\n"...)
			col = 0
		case k < 3:
			p = append(p, ", "...)
		case col > 72:
			p = append(p, '\n')
			col = 0
		default:
			p = append(p, ' ')
		}
	}
	return p[:end]
}

// appendBinary appends n bytes shaped like an executable's sections: little-endian records with
// counters and small fields, instruction-like byte patterns with varying operands, string tables, and
// zero padding.
func appendBinary(p []byte, r *rand.Rand, n int) []byte {
	end := len(p) + n
	counter := r.Uint32()
	ops := [][]byte{{0x48, 0x89, 0xe5}, {0x48, 0x8b, 0x45}, {0xe8}, {0x0f, 0x1f, 0x44, 0x00, 0x00}, {0xc3}, {0x48, 0x83, 0xec}}
	for len(p) < end {
		switch r.IntN(4) {
		case 0: // a table of records
			for range 1 + r.IntN(64) {
				counter += uint32(r.IntN(64))
				p = binary.LittleEndian.AppendUint32(p, counter)
				p = binary.LittleEndian.AppendUint16(p, uint16(r.IntN(16)))
				p = append(p, byte(r.IntN(4)), 0)
			}
		case 1: // code
			for range 1 + r.IntN(200) {
				p = append(p, ops[r.IntN(len(ops))]...)
				if r.IntN(2) == 0 {
					p = append(p, byte(r.IntN(256)))
				}
			}
		case 2: // strings
			for range 1 + r.IntN(30) {
				p = append(p, words[r.IntN(len(words))]...)
				p = append(p, '_')
				p = append(p, words[r.IntN(len(words))]...)
				p = append(p, 0)
			}
		default: // padding
			p = append(p, make([]byte, r.IntN(512))...)
		}
	}
	return p[:end]
}

// appendRuns appends n bytes of runs of one byte and short repeated patterns, the RLE strategy's case.
func appendRuns(p []byte, r *rand.Rand, n int) []byte {
	end := len(p) + n
	for len(p) < end {
		pat := appendRandom(nil, r, 1+r.IntN(4))
		for range 1 + r.IntN(300) {
			p = append(p, pat...)
		}
		if r.IntN(3) == 0 {
			p = appendRandom(p, r, r.IntN(20))
		}
	}
	return p[:end]
}

// payloadText is internal/payload's compressible part, repeated (its algorithm is copied here because
// deflate imports nothing of the project; TestLabPayload pins the bytes).
const payloadText = "The quick brown fox jumps over the lazy dog while the compression engine looks for " +
	"repeated strings in the window behind it. Short-lived compressors pay for their state on every " +
	"operation, so the cost of allocating and clearing that state shows up first in cold processes. "

// labPayload is internal/payload.Generate(seed, size, randFrac): the first round(size*randFrac) bytes
// from PCG(seed, 0), eight little-endian bytes per Uint64, then payloadText repeated.
func labPayload(seed uint64, size int, randFrac float64) []byte {
	p := make([]byte, size)
	nRand := int(math.Round(float64(size) * randFrac))
	r := rand.New(rand.NewPCG(seed, 0))
	for i := 0; i < nRand; i += 8 {
		v := r.Uint64()
		for j := i; j < nRand && j < i+8; j++ {
			p[j] = byte(v)
			v >>= 8
		}
	}
	for i := nRand; i < size; {
		i += copy(p[i:], payloadText)
	}
	return p
}
