//go:build variant_pooled

package main

import _ "github.com/deflatelab/deflatelab/variants/pooled"

// linked is the one variant this binary carries.
const linked = "pooled"
