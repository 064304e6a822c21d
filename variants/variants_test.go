package variants_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
	"github.com/deflatelab/deflatelab/variants/control"
	"github.com/deflatelab/deflatelab/variants/varianttest"
)

func TestNewRejectsBadOptions(t *testing.T) {
	rec := varianttest.NewGoHeapRecorder()
	tests := []struct {
		name, variant string
		opts          variants.Options
		want          string
	}{
		{"unknown", "zopfli", variants.Options{Alloc: rec}, `unknown variant "zopfli"`},
		{"no-allocator", control.Name, variants.Options{}, "Options.Alloc is nil"},
		{"negative-capacity", control.Name, variants.Options{Alloc: rec, PoolCapacity: -1}, "PoolCapacity -1 is outside 0..1024"},
		{"huge-capacity", control.Name, variants.Options{Alloc: rec, PoolCapacity: 1 << 40}, "PoolCapacity 1099511627776 is outside"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := variants.New(tt.variant, tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) || v != nil {
				t.Fatalf("New = %v, %v; want an error containing %q", v, err, tt.want)
			}
		})
	}
	_, err := variants.New("zopfli", variants.Options{Alloc: rec})
	if !strings.Contains(err.Error(), control.Name) {
		t.Errorf("unknown-variant error %q does not list the registered ones", err)
	}
}

func TestOpenRejectsBadConfig(t *testing.T) {
	rec := varianttest.NewGoHeapRecorder()
	v, err := variants.New(control.Name, variants.Options{Alloc: rec})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	_, err = v.Open(&bytes.Buffer{}, deflate.Config{Level: 12, WindowBits: -15, MemLevel: 8})
	if !errors.Is(err, deflate.ErrConfig) || !strings.Contains(err.Error(), "Level 12") {
		t.Fatalf("Open with level 12 = %v, want a config error naming the level", err)
	}
	if allocs, _, _ := rec.Counts(); allocs != 0 {
		t.Fatalf("a rejected config allocated %d blocks", allocs)
	}
}

// TestStaleHandle: a Compressor copy kept past Close must not reach the session's next owner.
func TestStaleHandle(t *testing.T) {
	rec := varianttest.NewGoHeapRecorder()
	v, err := variants.New(control.Name, variants.Options{Alloc: rec})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	cfg := deflate.DefaultConfig()
	var first, second bytes.Buffer
	stale, err := v.Open(&first, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := stale.Close(); err != nil {
		t.Fatal(err)
	}
	live, err := v.Open(&second, cfg) // may recycle stale's session
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stale.Write([]byte("x")); !errors.Is(err, variants.ErrClosed) {
		t.Errorf("Write on a closed handle = %v, want ErrClosed", err)
	}
	if _, err := stale.Plan(); !errors.Is(err, variants.ErrClosed) {
		t.Errorf("Plan on a closed handle = %v, want ErrClosed", err)
	}
	if err := stale.Close(); !errors.Is(err, variants.ErrClosed) {
		t.Errorf("second Close = %v, want ErrClosed", err)
	}
	if _, err := (variants.Compressor{}).Write(nil); !errors.Is(err, variants.ErrClosed) {
		t.Errorf("Write on the zero Compressor = %v, want ErrClosed", err)
	}
	payload := varianttest.Payload()
	if _, err := live.Write(payload); err != nil {
		t.Fatal(err)
	}
	if err := live.Close(); err != nil {
		t.Fatal(err)
	}
	if err := varianttest.CheckRoundTrip(cfg, second.Bytes(), payload); err != nil {
		t.Fatal(err)
	}
	if err := rec.CheckClean(); err != nil {
		t.Fatal(err)
	}
}

// TestCountersMatchTheAllocator: the native counts a Variant reports are what its backend saw.
func TestCountersMatchTheAllocator(t *testing.T) {
	rec := varianttest.NewGoHeapRecorder()
	v, err := variants.New(control.Name, variants.Options{Alloc: rec})
	if err != nil {
		t.Fatal(err)
	}
	cfg := deflate.DefaultConfig()
	const ops = 3
	for range ops {
		if err := varianttest.Compress(v, &bytes.Buffer{}, cfg, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := v.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := v.Open(&bytes.Buffer{}, cfg); !errors.Is(err, variants.ErrClosed) {
		t.Fatalf("Open after Close = %v, want ErrClosed", err)
	}
	allocs, frees, _ := rec.Counts()
	c := v.Counters()
	want := int64(ops * control.Layout.Plan(cfg).TotalBytes())
	if c.NativeAllocs != int64(allocs) || c.NativeFrees != int64(frees) || c.NativeBytes != want || allocs != ops {
		t.Fatalf("counters %+v; recorder saw %d allocs, %d frees; want %d allocs of %d bytes in all", c, allocs, frees, ops, want)
	}
}
