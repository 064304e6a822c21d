package variants_test

import (
	"bytes"
	"fmt"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
	_ "github.com/deflatelab/deflatelab/variants/all"
)

// Two short-lived compressors of one configuration: the pooled variant creates the native state once and
// reuses it for the second.
func Example() {
	v, err := variants.New("pooled", variants.Options{Alloc: deflate.GoHeap})
	if err != nil {
		panic(err)
	}
	defer v.Close()
	for range 2 {
		var out bytes.Buffer
		c, err := v.Open(&out, deflate.DefaultConfig())
		if err != nil {
			panic(err)
		}
		c.Write([]byte("hello, hello, hello"))
		if err := c.Close(); err != nil {
			panic(err)
		}
	}
	n := v.Counters()
	fmt.Printf("native allocations %d, pool hits %d, idle bytes %d\n", n.NativeAllocs, n.PoolHits, n.IdleBytes)
	// Output: native allocations 1, pool hits 1, idle bytes 350336
}
