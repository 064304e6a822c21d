//go:build variant_reuse

package main

import _ "github.com/deflatelab/deflatelab/variants/reuse"

// linked is the one variant this binary carries.
const linked = "reuse"
