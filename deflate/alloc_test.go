package deflate

import (
	"errors"
	"fmt"
	"sync"
)

// countingAlloc wraps an Allocator, counts calls and checks that every Free returns a live block.
type countingAlloc struct {
	mu       sync.Mutex
	next     Allocator
	allocs   int
	frees    int
	live     map[*byte]int // first byte of each live block -> its length
	failAt   int           // the failAt-th Alloc (1-based) fails; 0 never
	badFrees int
	fill     byte // every allocated byte is set to fill, to play dirty native memory
}

var errInjected = errors.New("injected allocation failure")

func newCountingAlloc() *countingAlloc {
	return &countingAlloc{next: GoHeap, live: map[*byte]int{}}
}

func (c *countingAlloc) Alloc(n int) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.failAt != 0 && c.allocs+1 == c.failAt {
		c.failAt = 0
		return nil, errInjected
	}
	b, err := c.next.Alloc(n)
	if err != nil {
		return nil, err
	}
	for i := range b {
		b[i] = c.fill
	}
	c.allocs++
	c.live[&b[0]] = len(b)
	return b, nil
}

func (c *countingAlloc) Free(b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(b) == 0 || c.live[&b[0]] != len(b) {
		c.badFrees++
		return
	}
	delete(c.live, &b[0])
	c.frees++
	c.next.Free(b)
}

func (c *countingAlloc) String() string {
	return fmt.Sprintf("allocs=%d frees=%d live=%d badFrees=%d", c.allocs, c.frees, len(c.live), c.badFrees)
}

// balanced reports whether every allocated block was freed exactly once.
func (c *countingAlloc) balanced() bool {
	return c.allocs == c.frees && len(c.live) == 0 && c.badFrees == 0
}
