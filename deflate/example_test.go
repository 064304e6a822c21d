package deflate_test

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/deflate"
)

// A State's memory comes from an Allocator; the Writer streams through it, and its owner ends it.
func Example() {
	s, err := deflate.New(deflate.DefaultConfig(), deflate.GoHeap, deflate.Consolidated)
	if err != nil {
		panic(err)
	}
	defer s.End()

	var compressed bytes.Buffer
	w := deflate.NewWriter(&compressed, s)
	io.WriteString(w, strings.Repeat("native deflate state ", 50))
	if err := w.Close(); err != nil {
		panic(err)
	}

	plain, _ := io.ReadAll(flate.NewReader(&compressed))
	fmt.Println(len(plain), "bytes round-tripped")
	fmt.Println("native bytes held:", s.BlockBytes())
	// Output:
	// 1050 bytes round-tripped
	// native bytes held: 350336
}

// The layout places every region of zlib-ng 2.2's deflate state; the split layout moves head out.
func ExampleLayout() {
	cfg := deflate.DefaultConfig()
	for _, layout := range []deflate.Layout{deflate.Consolidated, deflate.SplitHead} {
		p := layout.Plan(cfg)
		fmt.Println(layout.Name(), "blocks", p.Blocks, "free order", p.FreeOrder)
		for _, sp := range p.Spans {
			fmt.Printf("  %-11s block %d offset %6d size %6d\n", sp.Region, sp.Block, sp.Offset, sp.Size)
		}
	}
	// Output:
	// consolidated blocks [350336] free order [0]
	//   window      block 0 offset      0 size  65536
	//   prev        block 0 offset  65536 size  65536
	//   head        block 0 offset 131072 size 131072
	//   pending     block 0 offset 262144 size  81920
	//   state       block 0 offset 344064 size   6144
	//   bookkeeping block 0 offset 350208 size     56
	// split-head blocks [219264 131135] free order [1 0]
	//   window      block 0 offset      0 size  65536
	//   prev        block 0 offset  65536 size  65536
	//   head        block 1 offset      0 size 131072
	//   pending     block 0 offset 131072 size  81920
	//   state       block 0 offset 212992 size   6144
	//   bookkeeping block 0 offset 219136 size     56
}

// Deflate is the zlib-style call: hand in input and output space, call again while the output fills.
func ExampleState_Deflate() {
	s, _ := deflate.New(deflate.Config{Level: 9, WindowBits: 31, MemLevel: 8}, deflate.GoHeap, nil)
	defer s.End()
	src := []byte(strings.Repeat("gzip through Deflate, ", 20))
	var out []byte
	buf := make([]byte, 16)
	for !s.Finished() {
		n, read, err := s.Deflate(buf, src, deflate.Finish)
		if err != nil {
			panic(err)
		}
		out = append(out, buf[:n]...)
		src = src[read:]
	}
	fmt.Printf("gzip stream of %d bytes, magic % x\n", len(out), out[:2])
	// Output:
	// gzip stream of 47 bytes, magic 1f 8b
}

// The zero Config.Generation is zlib-ng 2.2.5's deflate; flags and reports spell a generation by its
// version, and ParseGeneration reads it back.
func ExampleParseGeneration() {
	for _, g := range deflate.Generations() {
		fmt.Printf("%s: %s\n", g, g.Description())
	}
	g, err := deflate.ParseGeneration("2.2.2")
	fmt.Println(g == deflate.ZlibNG222, err)
	_, err = deflate.ParseGeneration("2.2.1")
	fmt.Println(err)
	// Output:
	// 2.2.5: zlib-ng 2.2.5 (.NET 10 and later)
	// 2.2.2: zlib-ng 2.2.2 (.NET 9's generation; .NET 9 ships 2.2.1, whose deflate is the same)
	// true <nil>
	// deflate: zlib-ng generation "2.2.1" is not one of 2.2.5, 2.2.2
}
