package deflate

import "fmt"

// Region names one part of the native deflate state, in zlib-ng 2.2's alloc_deflate order.
type Region int

const (
	WindowRegion      Region = iota // 2*wsize bytes of sliding window; not cleared at init
	PrevRegion                      // wsize uint16 chain links; cleared by New
	HeadRegion                      // 1<<16 uint16 hash heads; cleared by New and by every Reset
	PendingRegion                   // lit_bufsize*5: pending output, distances, literal/lengths (LIT_MEM)
	StateRegion                     // deflate_state: Huffman trees, heap, counters
	BookkeepingRegion               // deflate_allocs: buffer start, zfree, region pointers
	numRegions
)

var regionNames = [numRegions]string{"window", "prev", "head", "pending", "state", "bookkeeping"}

func (r Region) String() string {
	if r >= 0 && r < numRegions {
		return regionNames[r]
	}
	return fmt.Sprintf("Region(%d)", int(r))
}

const (
	hashBits        = 16                     // zlib-ng HASH_BITS: the head table never depends on MemLevel
	headBytes       = (1 << hashBits) * 2    // 131,072: uint16 per hash bucket
	stateBytes      = 6144                   // sizeof(deflate_state), GCC x86-64, zlib-ng 2.2.2
	bookkeepingSize = 56                     // sizeof(deflate_allocs)
	litBufs         = 5                      // LIT_BUFS with LIT_MEM: 2 pending + 2 dist + 1 lit
	alignment       = 64                     // every region start, and the buffer start, is 64-aligned
	alignSlack      = alignment - 1          // extra bytes requested so the aligned start fits in the block
	headBlockBytes  = headBytes + alignSlack // the split layout's separate head request: 131,135
)

// pad64 rounds n up to the next multiple of 64 (zlib-ng's PAD_64).
func pad64(n int) int { return (n + alignment - 1) &^ (alignment - 1) }

// Span places one region: the block that holds it, its offset from that block's 64-byte-aligned start,
// and its size in bytes.
type Span struct {
	Region Region
	Block  int
	Offset int
	Size   int
}

// Plan is how one Config's state is carved from allocator blocks.
//
// Invariants: every Span's Offset is a multiple of 64 and Offset+Size fits in its block's request less
// the 63 bytes of alignment slack; Spans lists every Region exactly once, in Region order; FreeOrder is a
// permutation of the block indices.
type Plan struct {
	Blocks    []int  // bytes requested from the allocator for each block, in allocation order
	Spans     []Span // one per Region, in Region order
	FreeOrder []int  // block indices in the order End releases them
}

// Span returns the placement of region r.
func (p Plan) Span(r Region) Span { return p.Spans[r] }

// TotalBytes is the sum of all block requests.
func (p Plan) TotalBytes() int {
	t := 0
	for _, b := range p.Blocks {
		t += b
	}
	return t
}

// Layout decides how a Config's regions are carved from blocks. It is the seam variants use to change
// where the state lives without forking the engine. Plan is called only with a valid Config.
type Layout interface {
	Name() string
	Plan(cfg Config) Plan
}

// Consolidated is zlib-ng 2.2's alloc_deflate: one block holding every region.
var Consolidated Layout = consolidated{}

// SplitHead is the Win64 split experiment (seed 000): the 128 KiB head table in its own 64-byte-aligned
// block, allocated second and freed first; the owner keeps window and prev adjacent.
var SplitHead Layout = splitHead{}

// regionSizes returns each region's size for cfg, in Region order.
func regionSizes(cfg Config) [numRegions]int {
	wsize := 1 << cfg.WBits()
	litBufsize := 1 << (cfg.MemLevel + 6)
	return [numRegions]int{
		WindowRegion:      2 * wsize,
		PrevRegion:        2 * wsize,
		HeadRegion:        headBytes,
		PendingRegion:     litBufsize * litBufs,
		StateRegion:       stateBytes,
		BookkeepingRegion: bookkeepingSize,
	}
}

// carve lays out the regions that inOwner selects one after another in block 0 and returns the block's
// request size, PAD_64(end + 63) as alloc_deflate computes it.
func carve(sizes [numRegions]int, spans []Span, inOwner func(Region) bool) int {
	end := 0
	for r := Region(0); r < numRegions; r++ {
		if !inOwner(r) {
			continue
		}
		off := pad64(end)
		spans[r] = Span{Region: r, Block: 0, Offset: off, Size: sizes[r]}
		end = off + sizes[r]
	}
	return pad64(end + alignSlack)
}

type consolidated struct{}

func (consolidated) Name() string { return "consolidated" }

func (consolidated) Plan(cfg Config) Plan {
	sizes := regionSizes(cfg)
	spans := make([]Span, numRegions)
	total := carve(sizes, spans, func(Region) bool { return true })
	return Plan{Blocks: []int{total}, Spans: spans, FreeOrder: []int{0}}
}

type splitHead struct{}

func (splitHead) Name() string { return "split-head" }

func (splitHead) Plan(cfg Config) Plan {
	sizes := regionSizes(cfg)
	spans := make([]Span, numRegions)
	owner := carve(sizes, spans, func(r Region) bool { return r != HeadRegion })
	spans[HeadRegion] = Span{Region: HeadRegion, Block: 1, Offset: 0, Size: headBytes}
	return Plan{Blocks: []int{owner, headBlockBytes}, Spans: spans, FreeOrder: []int{1, 0}}
}
