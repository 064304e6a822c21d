package nativemem

// goHeap allocates ordinary Go byte slices. Free drops nothing: the garbage
// collector reclaims a block once the last reference to it is gone.
type goHeap struct{}

func (goHeap) Alloc(n int) ([]byte, error) {
	if err := checkSize("goheap", n); err != nil {
		return nil, err
	}
	return make([]byte, n), nil
}

func (goHeap) Free([]byte) {}

func (goHeap) String() string { return "goheap" }

func init() { register("goheap", func() (Allocator, error) { return goHeap{}, nil }) }
