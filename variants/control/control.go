// Package control is the unpatched baseline, .NET 10 as shipped: every compressor creates one consolidated
// zlib-ng state (a single ~342 KiB block) and ends it on dispose.
package control

import (
	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
)

// Name is the registry name.
const Name = "control"

// Layout is the layout control's states use: zlib-ng 2.2's alloc_deflate.
var Layout = deflate.Consolidated

func init() {
	variants.Register(Name, func(o variants.Options) (variants.Source, error) {
		return variants.NewUnpooled(o.Alloc, Layout), nil
	})
}
