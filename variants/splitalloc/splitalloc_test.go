package splitalloc_test

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
	"github.com/deflatelab/deflatelab/variants/splitalloc"
	"github.com/deflatelab/deflatelab/variants/varianttest"
)

// TestSplitWhereTheSeedSplit: the split runs by default exactly on _WIN64 (windows/amd64, windows/arm64),
// everywhere when forced, and Counters says which ran - checked against the blocks really allocated.
func TestSplitWhereTheSeedSplit(t *testing.T) {
	win64 := runtime.GOOS == "windows" && (runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64")
	cfg := deflate.DefaultConfig()
	for _, force := range []bool{false, true} {
		rec := varianttest.NewGoHeapRecorder()
		v, err := variants.New(splitalloc.Name, variants.Options{Alloc: rec, ForceSplit: force})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		payload := varianttest.Payload()
		if err := varianttest.Compress(v, &buf, cfg, payload); err != nil {
			t.Fatal(err)
		}
		if err := varianttest.CheckRoundTrip(cfg, buf.Bytes(), payload); err != nil {
			t.Fatal(err)
		}
		wantSplit := win64 || force
		wantBlocks := 1
		if wantSplit {
			wantBlocks = 2
		}
		c := v.Counters()
		if c.SplitActive != wantSplit || c.NativeAllocs != int64(wantBlocks) || c.NativeFrees != int64(wantBlocks) {
			t.Errorf("%s/%s ForceSplit=%v: counters %+v; want split %v with %d blocks allocated and freed",
				runtime.GOOS, runtime.GOARCH, force, c, wantSplit, wantBlocks)
		}
		if got := splitalloc.Layout(force) == deflate.SplitHead; got != wantSplit {
			t.Errorf("Layout(%v) split = %v, want %v", force, got, wantSplit)
		}
		if err := v.Close(); err != nil {
			t.Fatal(err)
		}
		if err := rec.CheckClean(); err != nil {
			t.Fatal(err)
		}
	}
}
