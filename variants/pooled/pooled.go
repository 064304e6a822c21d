// Package pooled is seed 001's managed experiment: control's consolidated states kept in a bounded pool of
// idle states, matched exactly by (level, strategy, windowBits, memLevel). Compressors stay single-lifetime;
// only the native state is reused, after a deflateReset.
//
// Policy, as the seed fixed it: capacity 8 by default; on return the state is Reset (and ended if Reset
// fails) and put in a free slot, or, when the pool is full, in the slot at a rotating eviction index,
// whose previous state is ended. Creating, resetting and ending states happen outside the pool's lock.
package pooled

import (
	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
)

// Name is the registry name.
const Name = "pooled"

// DefaultCapacity is the seed's eight idle slots: a 16-slot candidate gave no consistent benefit for the
// fixed workload and doubled the idle budget.
const DefaultCapacity = 8

// Layout is the layout pooled states use: control's, so that only reuse differs.
var Layout = deflate.Consolidated

func init() {
	variants.Register(Name, func(o variants.Options) (variants.Source, error) {
		capacity := o.PoolCapacity
		if capacity == 0 {
			capacity = DefaultCapacity
		}
		return newPool(o.Alloc, capacity), nil
	})
}
