package nativemem

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// The heap is made by the first get, once, however many callers race for it; a failure is kept.
func TestLazyHeapCreatesOnce(t *testing.T) {
	for _, tt := range []struct {
		name    string
		callers int
		err     error
	}{
		{"one caller", 1, nil},
		{"racing callers", 16, nil},
		{"failure kept", 4, errors.New("no heap")},
	} {
		var calls atomic.Int32
		h := &lazyHeap{create: func() (uintptr, string, error) {
			calls.Add(1)
			return 0x1000, "", tt.err
		}}
		if h.created() || calls.Load() != 0 {
			t.Fatalf("%s: created before first use", tt.name)
		}
		var wg sync.WaitGroup
		for range tt.callers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				handle, err := h.get()
				if handle != 0x1000 || !errors.Is(err, tt.err) {
					t.Errorf("%s: get() = %#x, %v", tt.name, handle, err)
				}
			}()
		}
		wg.Wait()
		if calls.Load() != 1 || !h.created() {
			t.Errorf("%s: %d creations, created %v; want exactly 1", tt.name, calls.Load(), h.created())
		}
	}
}
