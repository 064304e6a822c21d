//go:build variant_control || !(variant_pooled || variant_reuse || variant_splitalloc)

package main

import _ "github.com/deflatelab/deflatelab/variants/control"

// linked is the one variant this binary carries; an untagged build links control so that
// `go build ./...` works.
const linked = "control"
