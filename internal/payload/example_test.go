package payload_test

import (
	"fmt"

	"github.com/deflatelab/deflatelab/internal/payload"
)

func ExampleDefault() {
	p := payload.Default()
	fmt.Printf("%d bytes, text from byte 2500: %q\n", len(p), p[2500:2519])
	// Output:
	// 5000 bytes, text from byte 2500: "The quick brown fox"
}
