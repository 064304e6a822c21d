// Package reuse is .NET 11's caller-owned pattern (DeflateEncoder, ZLibEncoder and GZipEncoder with
// Reset(), dotnet/runtime PR 131307): each worker owns its native states, one per configuration it meets,
// and resets them between its operations. Nothing is shared between workers - no pool, no lock, no
// capacity, no eviction - so it is the bound a pool approaches: every warm operation reuses a state and
// none waits for another worker's. Its states are control's consolidated ones, so that only ownership
// differs.
//
// A worker is a variants.Worker: the host makes one per goroutine. A compressor opened on the Variant
// itself has no owner to keep its state for, so it creates a state and ends it on dispose, as a .NET
// DeflateStream built without an encoder does.
package reuse

import (
	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
)

// Name is the registry name.
const Name = "reuse"

// Layout is the layout reuse's states use: control's, so that only reuse differs.
var Layout = deflate.Consolidated

func init() {
	variants.Register(Name, func(o variants.Options) (variants.Source, error) {
		return newOwners(o.Alloc), nil
	})
}
