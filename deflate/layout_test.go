package deflate

import "testing"

// TestConsolidatedTotals pins the block sizes measured from zlib-ng 2.2.2's alloc_deflate.
func TestConsolidatedTotals(t *testing.T) {
	tests := []struct {
		wbits, memLevel int
		total           int
		pendingOff      int
		stateOff        int
	}{
		{-15, 8, 350336, 262144, 344064},
		{15, 9, 432256, 262144, 425984},
		{31, 7, 309376, 262144, 303104},
	}
	for _, tt := range tests {
		cfg := Config{Level: 6, WindowBits: tt.wbits, MemLevel: tt.memLevel}
		p := Consolidated.Plan(cfg)
		if len(p.Blocks) != 1 || p.Blocks[0] != tt.total {
			t.Errorf("%v: blocks %v, want [%d]", cfg, p.Blocks, tt.total)
		}
		if got := p.Span(PendingRegion).Offset; got != tt.pendingOff {
			t.Errorf("%v: pending at %d, want %d", cfg, got, tt.pendingOff)
		}
		if got := p.Span(StateRegion).Offset; got != tt.stateOff {
			t.Errorf("%v: state at %d, want %d", cfg, got, tt.stateOff)
		}
		if got := p.Span(HeadRegion); got.Offset != 131072 || got.Size != 131072 {
			t.Errorf("%v: head %+v, want 131072 bytes at 131072", cfg, got)
		}
	}
}

func TestSplitHeadShrinksOwner(t *testing.T) {
	p := SplitHead.Plan(DefaultConfig())
	if len(p.Blocks) != 2 || p.Blocks[0] != 219264 || p.Blocks[1] != 131135 {
		t.Fatalf("blocks %v, want [219264 131135]", p.Blocks)
	}
	if p.FreeOrder[0] != 1 || p.FreeOrder[1] != 0 {
		t.Fatalf("free order %v, want head block first", p.FreeOrder)
	}
	w, pr := p.Span(WindowRegion), p.Span(PrevRegion)
	if w.Block != pr.Block || w.Offset+w.Size != pr.Offset {
		t.Fatalf("window %+v and prev %+v are not adjacent", w, pr)
	}
}
