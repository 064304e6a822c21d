package deflate

import (
	"errors"
	"fmt"
	"unsafe"
)

// State is one deflate stream (zlib's z_stream + deflate_state). Its window, hash chains, hash heads,
// pending output, symbol buffers and Huffman trees are views over blocks obtained from an Allocator and
// placed by a Layout; the Go struct keeps only scalars, the views and the blocks themselves.
//
// Invariants while not ended: blocks[i] is exactly what Alloc returned for plan.Blocks[i]; every view
// lies inside its block at base[i] + the region's offset, with base[i] the first 64-aligned byte; no Go
// pointer is ever stored inside a block. After End, blocks and views are nil and every method that needs
// them returns ErrEnded.
type State struct {
	cfg    Config
	layout Layout
	plan   Plan
	alloc  Allocator
	blocks [][]byte // as Alloc returned them; given back to Free unchanged
	bases  []int    // offset of each block's 64-byte-aligned start
	ended  bool
	mark   int64 // the owner's word (SwapMark); the engine never reads it, Reset keeps it, Copy starts at 0

	blockArr [2][]byte // backing of blocks and bases for the layouts this package defines
	baseArr  [2]int

	// Views over the blocks.
	window     []byte            // 2*wsize bytes: the sliding window
	prev       []uint16          // wsize links: previous position with the same hash
	head       *[hashSize]uint16 // most recent position of each hash
	pendingBuf []byte            // the whole pending region; output grows from 0
	dBuf       []uint16          // distance of each buffered symbol, 0 for a literal
	lBuf       []byte            // literal, or match length minus minMatch, of each symbol
	trees      *treeState        // the state region
	lengthRuns lengthRuns        // the runs of the block's code lengths, from buildBLTree to sendAllTrees

	// The current Deflate call's buffers; nil between calls.
	in   []byte
	out  []byte
	nOut int

	streamState
}

// streamState is every scalar of the stream, copied as a whole by Copy.
type streamState struct {
	status    int
	wrap      int // 0 raw, 1 zlib, 2 gzip; negated once the trailer is written
	checksum  uint32
	totalIn   uint32 // modulo 2^32, as gzip's ISIZE
	lastFlush Flush
	streamEnd bool // the last Deflate call ended the stream (zlib-ng's Z_STREAM_END); see Finished

	level    int
	strategy Strategy
	wbits    int
	wsize    int
	wmask    int
	maxDist  int // farthest usable match distance: wsize - minLookahead

	strstart       int // start of the string to insert
	blockStart     int // window position of the current block's start; negative once slid out
	lookahead      int // valid bytes ahead of strstart
	insert         int // positions before strstart not yet in the hash table
	matchStart     int
	matchLength    int
	prevMatch      int
	prevLength     int
	matchAvailable bool
	highWater      int    // window bytes below this were written or zeroed; not reset by Reset (zlib-ng)
	blockOpen      int    // deflate_quick: 0 no block open, 1 a block, 2 the last block; not reset by Reset (zlib-ng)
	rollHash       bool   // level 9's rolling hash replaces the multiplicative one (chain > 1024)
	insH           uint32 // the rolling hash's state

	maxChainLength  int
	maxLazyMatch    int // lazy levels: no lazy search beyond this; greedy levels: max_insert_length
	mediumInsertMax int // deflate_medium inserts a match's inner positions only up to this length (mediumInsertLimit)
	goodMatch       int
	niceMatch       int

	pendStart int // next pending byte to hand to the caller
	pendEnd   int // end of the pending output
	bitBuf    uint64
	bitCount  uint

	litBufsize int
	symNext    int
	symEnd     int
}

const (
	initState   = 1
	busyState   = 2
	finishState = 3
)

// New allocates and initialises a state for cfg (zlib's deflateInit2): one Alloc per block of
// layout.Plan(cfg), prev and head cleared, the window left as the allocator gave it. On any failure it
// frees what it allocated and returns the error.
func New(cfg Config, alloc Allocator, layout Layout) (*State, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if alloc == nil {
		return nil, errors.New("deflate: New: alloc is nil; pass an Allocator such as deflate.GoHeap")
	}
	if layout == nil {
		layout = Consolidated
	}
	s := &State{cfg: cfg, layout: layout, plan: layout.Plan(cfg), alloc: alloc}
	if err := checkPlan(s.plan, cfg, layout.Name()); err != nil {
		return nil, err
	}
	if err := s.allocate(); err != nil {
		return nil, err
	}
	clear(s.prev)
	s.highWater, s.blockOpen = 0, 0 // deflateInit2's; Reset keeps them, as zlib-ng's deflateReset does
	s.reset()
	return s, nil
}

// allocate obtains every block of the plan and builds the views; on failure nothing stays allocated.
func (s *State) allocate() error {
	if n := len(s.plan.Blocks); n <= len(s.blockArr) {
		s.blocks, s.bases = s.blockArr[:n], s.baseArr[:n] // no separate allocations for 1 or 2 blocks
	} else {
		s.blocks, s.bases = make([][]byte, n), make([]int, n)
	}
	for i, n := range s.plan.Blocks {
		b, err := s.alloc.Alloc(n)
		if err == nil && len(b) < n {
			s.alloc.Free(b)
			err = fmt.Errorf("allocator returned %d bytes", len(b))
		}
		if err != nil {
			s.freeBlocks()
			return fmt.Errorf("deflate: allocating block %d of %d (%d bytes, layout %s): %w",
				i+1, len(s.plan.Blocks), n, s.layout.Name(), err)
		}
		s.blocks[i] = b
		s.bases[i] = int(-uintptr(unsafe.Pointer(unsafe.SliceData(b))) & (alignment - 1))
	}
	s.bindViews()
	return nil
}

// freeBlocks gives back every held block once, in the plan's free order.
func (s *State) freeBlocks() {
	for _, i := range s.plan.FreeOrder {
		if b := s.blocks[i]; b != nil {
			s.blocks[i] = nil
			s.alloc.Free(b)
		}
	}
}

// region returns the bytes of region r inside its block.
func (s *State) region(r Region) []byte {
	sp := s.plan.Span(r)
	off := s.bases[sp.Block] + sp.Offset
	return s.blocks[sp.Block][off : off+sp.Size : off+sp.Size]
}

// bindViews points the typed views at the regions.
func (s *State) bindViews() {
	wbits := s.cfg.WBits()
	wsize := 1 << wbits
	lit := 1 << (s.cfg.MemLevel + 6)
	s.window = s.region(WindowRegion)[:2*wsize]
	s.prev = unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(s.region(PrevRegion)))), wsize)
	s.head = (*[hashSize]uint16)(unsafe.Pointer(unsafe.SliceData(s.region(HeadRegion))))
	s.pendingBuf = s.region(PendingRegion)
	// LIT_MEM: pending output in the first 2*lit_bufsize bytes (it may grow into the symbol buffers
	// once they are consumed), distances at 2*lit_bufsize, literal/lengths at 4*lit_bufsize.
	s.dBuf = unsafe.Slice((*uint16)(unsafe.Pointer(&s.pendingBuf[2*lit])), lit)
	s.lBuf = s.pendingBuf[4*lit : 5*lit : 5*lit]
	s.trees = (*treeState)(unsafe.Pointer(unsafe.SliceData(s.region(StateRegion))))
	s.wbits, s.wsize, s.wmask = wbits, wsize, wsize-1
	s.maxDist = wsize - minLookahead
	s.litBufsize = lit
	s.symEnd = lit - 1
}

func (s *State) dropViews() {
	s.window, s.prev, s.head, s.pendingBuf, s.dBuf, s.lBuf, s.trees = nil, nil, nil, nil, nil, nil, nil
	s.in, s.out = nil, nil
}

// Reset starts a new stream with the same configuration (zlib's deflateReset): the hash heads are
// cleared, nothing is allocated.
func (s *State) Reset() error {
	if s.ended {
		return ErrEnded
	}
	s.reset()
	return nil
}

func (s *State) reset() {
	ss := &s.streamState
	ss.status = initState
	switch s.cfg.Format() {
	case Raw:
		ss.wrap = 0
	case Zlib:
		ss.wrap = 1
	case Gzip:
		ss.wrap = 2
	}
	ss.checksum = initialChecksum(ss.wrap)
	ss.totalIn = 0
	ss.lastFlush = -2
	ss.streamEnd = false
	ss.level = s.cfg.EffectiveLevel()
	ss.strategy = s.cfg.Strategy
	ss.pendStart, ss.pendEnd = 0, 0
	ss.bitBuf, ss.bitCount = 0, 0
	s.initBlock()

	// lm_init
	clear(s.head[:])
	c := configTable[ss.level]
	ss.maxLazyMatch, ss.goodMatch, ss.niceMatch, ss.maxChainLength = c.lazy, c.good, c.nice, c.chain
	ss.rollHash = c.chain > 1024
	ss.mediumInsertMax = mediumInsertLimit(s.cfg.Generation, c.lazy)
	ss.strstart, ss.blockStart, ss.lookahead, ss.insert = 0, 0, 0, 0
	ss.matchStart, ss.prevMatch = 0, 0
	ss.matchLength, ss.prevLength = minMatch-1, 0 // zlib-ng's lm_init: prev_length 0
	ss.matchAvailable = false
	ss.insH = 0
}

// Copy duplicates the state (zlib's deflateCopy): new blocks from the same allocator and layout, then
// the window, prev, head, pending and state regions and every scalar. The copy is independent of s and
// stays valid after s is ended.
func (s *State) Copy() (*State, error) {
	if s.ended {
		return nil, ErrEnded
	}
	d := &State{cfg: s.cfg, layout: s.layout, plan: s.plan, alloc: s.alloc}
	if err := d.allocate(); err != nil {
		return nil, err
	}
	copy(d.window, s.window)
	copy(d.prev, s.prev)
	*d.head = *s.head
	copy(d.pendingBuf, s.pendingBuf)
	*d.trees = *s.trees
	d.streamState = s.streamState
	return d, nil
}

// End frees every block exactly once, in the layout's free order (zlib's deflateEnd). Any later use of
// s, End included, returns ErrEnded.
func (s *State) End() error {
	if s.ended {
		return ErrEnded
	}
	s.freeBlocks()
	s.ended = true
	s.blocks, s.bases = nil, nil
	s.dropViews()
	return nil
}

// SwapMark stores m with the state and returns the word stored before (0 for a state never marked). It is
// the owner's: the engine never reads it, Reset keeps it and a Copy starts at 0, so a caller that reuses
// states (a pool's host) can keep a fact per state - which processor last used it - without a table.
func (s *State) SwapMark(m int64) int64 {
	old := s.mark
	s.mark = m
	return old
}

// Config returns the configuration the state was created with.
func (s *State) Config() Config { return s.cfg }

// Plan returns how the state's regions are carved from its blocks (a copy the caller may keep).
func (s *State) Plan() Plan {
	return Plan{
		Blocks:    append([]int(nil), s.plan.Blocks...),
		Spans:     append([]Span(nil), s.plan.Spans...),
		FreeOrder: append([]int(nil), s.plan.FreeOrder...),
	}
}

// checkPlan verifies that a Layout's plan keeps the Plan invariants and gives every region at least
// the size the engine's views need, so that a faulty Layout is an error rather than a panic.
func checkPlan(p Plan, cfg Config, layout string) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("deflate: layout %s: %s", layout, fmt.Sprintf(format, args...))
	}
	if len(p.Spans) != int(numRegions) {
		return bad("plan has %d spans, want one per region (%d)", len(p.Spans), numRegions)
	}
	need := regionSizes(cfg)
	for r, sp := range p.Spans {
		switch {
		case sp.Region != Region(r):
			return bad("span %d is for %v, want %v", r, sp.Region, Region(r))
		case sp.Block < 0 || sp.Block >= len(p.Blocks):
			return bad("%v is in block %d of %d", sp.Region, sp.Block, len(p.Blocks))
		case sp.Offset < 0 || sp.Offset%alignment != 0:
			return bad("%v offset %d is not a non-negative multiple of %d", sp.Region, sp.Offset, alignment)
		case sp.Size < need[r]:
			return bad("%v has %d bytes, needs %d", sp.Region, sp.Size, need[r])
		case sp.Offset+sp.Size > p.Blocks[sp.Block]-alignSlack:
			return bad("%v ends at %d, past block %d's %d usable bytes", sp.Region, sp.Offset+sp.Size, sp.Block, p.Blocks[sp.Block]-alignSlack)
		}
	}
	// The matchers and the hash read a few bytes past the window, into prev, as zlib-ng's single block
	// has it; so prev must follow the window directly (every window size is a multiple of 64).
	if w, pr := p.Spans[WindowRegion], p.Spans[PrevRegion]; pr.Block != w.Block || pr.Offset != w.Offset+w.Size {
		return bad("prev must start where the window ends, in the same block (window %+v, prev %+v)", w, pr)
	}
	seen := make([]bool, len(p.Blocks))
	for _, i := range p.FreeOrder {
		if i < 0 || i >= len(p.Blocks) || seen[i] {
			return bad("free order %v is not a permutation of the %d blocks", p.FreeOrder, len(p.Blocks))
		}
		seen[i] = true
	}
	if len(p.FreeOrder) != len(p.Blocks) {
		return bad("free order %v is not a permutation of the %d blocks", p.FreeOrder, len(p.Blocks))
	}
	return nil
}

// BlockBytes is the sum of the bytes requested for the blocks the state holds: its exact idle native
// footprint. It is 0 after End.
func (s *State) BlockBytes() int {
	if s.ended {
		return 0
	}
	return s.plan.TotalBytes()
}

// RegionView is where one region of a live state really is.
type RegionView struct {
	Region Region
	Block  int     // index into Plan().Blocks
	Addr   uintptr // address of the region's first byte; 64-byte aligned
	Size   int
}

// Regions reports every region's block, address and size, in Region order; nil after End.
func (s *State) Regions() []RegionView {
	if s.ended {
		return nil
	}
	views := make([]RegionView, 0, numRegions)
	for r := Region(0); r < numRegions; r++ {
		b := s.region(r)
		views = append(views, RegionView{
			Region: r,
			Block:  s.plan.Span(r).Block,
			Addr:   uintptr(unsafe.Pointer(unsafe.SliceData(b))),
			Size:   len(b),
		})
	}
	return views
}
