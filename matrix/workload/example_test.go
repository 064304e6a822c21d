package workload_test

import (
	"fmt"

	"github.com/deflatelab/deflatelab/matrix/workload"
)

func ExampleMixed() {
	w := workload.Mixed()
	for i := range 4 {
		fmt.Println(w.Config(i * 3))
	}
	// Output:
	// level=0/wbits=-15/memlevel=7/strategy=default
	// level=1/wbits=-15/memlevel=8/strategy=default
	// level=6/wbits=-15/memlevel=8/strategy=default
	// level=9/wbits=-15/memlevel=8/strategy=default
}
