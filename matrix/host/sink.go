package host

import (
	"hash/crc64"
)

// crcTable is built once, before any measured region.
var crcTable = crc64.MakeTable(crc64.ECMA)

// sink is one goroutine's destination. It keeps one operation's output in a buffer that is reused, so
// the measured loop does not allocate once the buffer has reached the largest output, and folds each
// finished output into an order-independent digest: the sum, mod 2^64, of the outputs' CRC-64s. A sum
// (unlike xor) does not cancel two equal outputs, and it does not depend on which goroutine ran which
// operation or in what order.
//
// The struct is padded to its own cache lines so that goroutines do not share one.
type sink struct {
	buf    []byte
	bytes  int64  // total output bytes over finished operations
	digest uint64 // sum of CRC-64/ECMA of every finished output
	err    error  // first operation error of this goroutine
	_      [64]byte
}

func newSink(capacity int) *sink { return &sink{buf: make([]byte, 0, capacity)} }

// Write appends to the current output.
func (s *sink) Write(p []byte) (int, error) {
	s.buf = append(s.buf, p...)
	return len(p), nil
}

// finish folds the current output into the digest and empties the buffer for the next operation.
func (s *sink) finish() {
	s.bytes += int64(len(s.buf))
	s.digest += crc64.Checksum(s.buf, crcTable)
	s.buf = s.buf[:0]
}

// discard drops the current output without counting it (warm-up operations).
func (s *sink) discard() { s.buf = s.buf[:0] }
