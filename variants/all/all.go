// Package all links every variant into a binary: import it for its side effect.
//
//	import _ "github.com/deflatelab/deflatelab/variants/all"
package all

import (
	_ "github.com/deflatelab/deflatelab/variants/control"
	_ "github.com/deflatelab/deflatelab/variants/pooled"
	_ "github.com/deflatelab/deflatelab/variants/reuse"
	_ "github.com/deflatelab/deflatelab/variants/splitalloc"
)
