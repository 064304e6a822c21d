// Package variants is the contract every experimental variant meets and the registry that finds them by
// name. A variant is a Source of native deflate states; this package wraps a Source in short-lived
// compressors shaped like .NET's DeflateStream: open for (destination, Config), write, Close - which
// finishes the stream and disposes of the compressor, handing its native state back to the Source.
package variants

import (
	"errors"
	"fmt"
	"sort"
	"sync"

	"github.com/deflatelab/deflatelab/deflate"
)

// Source is what differs between variants: where a compressor's native state comes from and where it
// goes when the compressor is disposed of.
type Source interface {
	// Acquire returns a fresh state for cfg (new, or reset), owned by the caller until Release.
	Acquire(cfg deflate.Config) (*deflate.State, error)
	// Release takes back a state whose stream is finished or abandoned (after a destination error).
	Release(st *deflate.State)
	// Counters reports what the source did natively so far.
	Counters() Counters
	// Close frees every state the source still holds; the source is unusable afterwards.
	Close() error
}

// Counters says what a variant did natively. Every field is cumulative except IdleStates and IdleBytes,
// which describe the moment of the call. The Native fields are counted by the Variant at its allocator,
// by the same code for every variant; the others come from the Source.
type Counters struct {
	NativeAllocs  int64 `json:"nativeAllocs"`  // blocks obtained from the allocator
	NativeFrees   int64 `json:"nativeFrees"`   // blocks given back to the allocator
	NativeBytes   int64 `json:"nativeBytes"`   // bytes requested over all allocations
	Resets        int64 `json:"resets"`        // deflate.State.Reset calls (deflateReset)
	PoolHits      int64 `json:"poolHits"`      // opens served by an idle state
	PoolMisses    int64 `json:"poolMisses"`    // opens that had to create a state
	PoolEvictions int64 `json:"poolEvictions"` // idle states ended to make room
	IdleStates    int64 `json:"idleStates"`    // states held idle now
	IdleBytes     int64 `json:"idleBytes"`     // bytes of blocks held by idle states now (exact)
	PoolCapacity  int64 `json:"poolCapacity"`  // the pool's idle-state bound; 0 without a pool
	Reusing       bool  `json:"reusing"`       // states are handed out again after a Reset (pooled, reuse)
	SplitActive   bool  `json:"splitActive"`   // the split-head layout is in use
}

// Sub returns what happened between earlier and c: the cumulative fields subtract, while IdleStates,
// IdleBytes, PoolCapacity, Reusing and SplitActive describe c's moment and are kept as they are.
func (c Counters) Sub(earlier Counters) Counters {
	d := c
	d.NativeAllocs -= earlier.NativeAllocs
	d.NativeFrees -= earlier.NativeFrees
	d.NativeBytes -= earlier.NativeBytes
	d.Resets -= earlier.Resets
	d.PoolHits -= earlier.PoolHits
	d.PoolMisses -= earlier.PoolMisses
	d.PoolEvictions -= earlier.PoolEvictions
	return d
}

// Options configure a variant instance. The zero value of every field but Alloc is the seeds' setting.
type Options struct {
	// Alloc is the native allocator backend. Required.
	Alloc deflate.Allocator
	// PoolCapacity bounds the pooled variant's idle states; 0 means the seed's 8.
	PoolCapacity int
	// ForceSplit makes splitalloc use the split layout where it would not (off Win64).
	ForceSplit bool
}

// MaxPoolCapacity bounds Options.PoolCapacity: 1,024 idle default states already hold about 342 MiB, far
// beyond any experiment, and the bound turns a corrupt value into an error instead of a huge slot table.
const MaxPoolCapacity = 1024

// Factory builds a Source from Options; registered by each variant package. The Options.Alloc it receives
// is already wrapped in the Variant's native counter, so a Source must get every block through it.
type Factory func(Options) (Source, error)

var (
	registryMu sync.RWMutex
	registry   = map[string]Factory{}
)

// Register makes a variant available by name. It is called from the variant package's init and panics on
// a duplicate name, which is a programming error.
func Register(name string, f Factory) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[name]; dup {
		panic("variants: Register called twice for " + name)
	}
	registry[name] = f
}

// Names lists the registered variants, sorted.
func Names() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// New opens the named variant.
func New(name string, opts Options) (*Variant, error) {
	registryMu.RLock()
	f, ok := registry[name]
	registryMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("variants: unknown variant %q; linked in: %v", name, Names())
	}
	if opts.Alloc == nil {
		return nil, errors.New("variants: Options.Alloc is nil; an allocator backend is required")
	}
	if opts.PoolCapacity < 0 || opts.PoolCapacity > MaxPoolCapacity {
		return nil, fmt.Errorf("variants: Options.PoolCapacity %d is outside 0..%d (0 means the default)", opts.PoolCapacity, MaxPoolCapacity)
	}
	counter := &nativeCounter{backend: opts.Alloc}
	opts.Alloc = counter // every variant's blocks are counted here, by the same code
	src, err := f(opts)
	if err != nil {
		return nil, err
	}
	return &Variant{name: name, src: src, native: counter}, nil
}
