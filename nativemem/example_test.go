package nativemem_test

import (
	"fmt"

	"github.com/deflatelab/deflatelab/nativemem"
)

func Example() {
	a, err := nativemem.Open("pages")
	if err != nil {
		fmt.Println(err)
		return
	}
	c := nativemem.NewCounting(nativemem.NewGuard(a))
	b, err := c.Alloc(350336) // zlib-ng's deflate state at memLevel 8
	if err != nil {
		fmt.Println(err)
		return
	}
	b[0] = 1
	c.Free(b)
	fmt.Printf("%+v\n", c.Stats())
	// Output: {Allocs:1 Frees:1 LiveBytes:0 PeakLiveBytes:350336 Failures:0}
}

func ExampleOpen() {
	_, err := nativemem.Open("tcmalloc")
	fmt.Println(err != nil)
	// Output: true
}
