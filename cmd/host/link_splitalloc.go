//go:build variant_splitalloc

package main

import _ "github.com/deflatelab/deflatelab/variants/splitalloc"

// linked is the one variant this binary carries.
const linked = "splitalloc"
