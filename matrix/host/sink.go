package host

import (
	"bytes"
	"hash/crc64"

	"github.com/deflatelab/deflatelab/variants"
)

// crcTable is built once, before any measured region.
var crcTable = crc64.MakeTable(crc64.ECMA)

// sink is one goroutine's destination. It keeps one operation's output in a buffer that is reused, so
// the measured loop does not allocate once the buffer has reached the largest output.
//
// The output check is kept off the clock: the digest is the sum, mod 2^64, of the CRC-64/ECMA of every
// finished output (a sum, unlike xor, does not cancel two equal outputs, and it does not depend on which
// goroutine ran which operation or in what order), but inside the loop an output is only compared with
// the first output of its configuration, which the sink keeps (refs). Equal outputs are counted (counts)
// and each reference is hashed once, after the measured region (digest); an output that differs from its
// reference - a variant that is not deterministic - is hashed on the spot (odd). The comparison costs a
// memcmp per operation instead of a table-driven CRC-64 (BenchmarkCheck), and the digest is the same.
//
// Invariant: digest() == sum over every finished output of its CRC-64.
//
// The struct is padded to its own cache lines so that goroutines do not share one.
type sink struct {
	buf    []byte
	refs   [][]byte         // the first finished output of each configuration index
	counts []int64          // finished outputs equal to refs[i]; 0 when refs[i] is not set yet
	odd    uint64           // sum of the CRC-64 of outputs that differed from their reference
	bytes  int64            // total output bytes over finished operations
	tl     timeline         // per-bin sum of measured operation durations, ns
	err    error            // first operation error of this goroutine
	worker *variants.Worker // where this goroutine's compressors come from (newVariantLoop); nil for other loops

	// What the loop records per operation besides the timeline (see ops.go); reset at every run.
	first    firstOps // the exact durations of this worker's first measured operations
	cpu      int      // processor of the current operation, -1 unknown
	measured bool     // the current run is the measured region
	mech     mechanism
	churnNs  int64 // the time the loop's between hook took after this worker's measured operations
	churns   int64 // ... and how many times it ran
	// churnFaults is the process's faults while this worker's hook ran (every worker's at DOP > 1)
	churnFaults int64

	_ [64]byte
}

// newSink makes a sink for outputs of up to capacity bytes and configs configurations. Its buffers are
// written once here, so their pages are faulted in before any measured region.
func newSink(capacity, configs int) *sink {
	s := &sink{buf: make([]byte, capacity), refs: make([][]byte, configs), counts: make([]int64, configs)}
	for i := range s.refs {
		s.refs[i] = make([]byte, capacity)
		touch(s.refs[i])
		s.refs[i] = s.refs[i][:0]
	}
	touch(s.buf)
	s.buf = s.buf[:0]
	return s
}

// touch writes every page of b.
func touch(b []byte) {
	for i := 0; i < len(b); i += 1024 {
		b[i] = 1
	}
}

// Write appends to the current output.
func (s *sink) Write(p []byte) (int, error) {
	s.buf = append(s.buf, p...)
	return len(p), nil
}

// finish checks the current output of configuration index ci against the first one and empties the
// buffer for the next operation.
func (s *sink) finish(ci int) {
	s.bytes += int64(len(s.buf))
	switch {
	case s.counts[ci] == 0:
		s.refs[ci] = append(s.refs[ci][:0], s.buf...)
		s.counts[ci] = 1
	case bytes.Equal(s.buf, s.refs[ci]):
		s.counts[ci]++
	default:
		s.odd += crc64.Checksum(s.buf, crcTable)
	}
	s.buf = s.buf[:0]
}

// discard drops the current output without counting it (warm-up operations).
func (s *sink) discard() { s.buf = s.buf[:0] }

// digest is the sum of the CRC-64 of every finished output. It hashes each reference once; call it after
// the measured region.
func (s *sink) digest() uint64 {
	d := s.odd
	for i, n := range s.counts {
		if n > 0 {
			d += uint64(n) * crc64.Checksum(s.refs[i], crcTable)
		}
	}
	return d
}
