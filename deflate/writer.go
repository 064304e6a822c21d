package deflate

import (
	"errors"
	"io"
)

// writerBufSize is the Writer's one Go-side output buffer: large enough that a write to the destination
// carries several blocks' worth of output, small enough to allocate per Writer.
const writerBufSize = 16 << 10

// ErrNoState is returned by a Writer with no State bound to it.
var ErrNoState = errors.New("deflate: Writer has no State (Bind one first)")

// ErrNoDestination is returned by a Writer bound to a nil io.Writer.
var ErrNoDestination = errors.New("deflate: Writer has no destination io.Writer (Bind or Reset one first)")

// Writer is an io.WriteCloser that compresses into an io.Writer with a State it does not own: Close
// finishes the stream but leaves the State alive, for its owner to End or Reset.
//
// The only memory a Writer allocates is its output buffer, once, in NewWriter; Write, Flush, Close,
// Reset and Bind allocate nothing. After a destination write error every later call returns that error
// until Reset or Bind; the State stays safe to End or Reset.
type Writer struct {
	w   io.Writer
	s   *State
	buf []byte
	err error
}

// NewWriter returns a Writer compressing into w with s, which must be fresh or Reset.
func NewWriter(w io.Writer, s *State) *Writer {
	return &Writer{w: w, s: s, buf: make([]byte, writerBufSize)}
}

// Write compresses p. Compressed data may stay in the State until Flush or Close.
func (z *Writer) Write(p []byte) (int, error) {
	n, err := z.run(p, NoFlush)
	return n, err
}

// Flush compresses everything written so far into whole bytes at the destination (zlib's
// Z_SYNC_FLUSH), so that a reader can decode all of it.
func (z *Writer) Flush() error {
	_, err := z.run(nil, SyncFlush)
	return err
}

// Close finishes the stream (last block and trailer). It does not end the State. Closing a finished
// stream again writes nothing.
func (z *Writer) Close() error {
	if z.err == nil && z.s != nil && z.s.Finished() {
		return nil
	}
	_, err := z.run(nil, Finish)
	return err
}

// Reset resets the State and retargets the Writer to w, discarding any error.
func (z *Writer) Reset(w io.Writer) {
	z.w, z.err = w, nil
	if z.s != nil {
		z.err = z.s.Reset()
	}
}

// Bind retargets the Writer to w and s without resetting s (for a State that is fresh or was just
// Reset by its owner). Bind(nil, nil) drops both, so the Writer keeps nothing alive but its buffer.
func (z *Writer) Bind(w io.Writer, s *State) {
	z.w, z.s, z.err = w, s, nil
}

// run feeds p to the State with flush and writes out the compressed data.
func (z *Writer) run(p []byte, flush Flush) (int, error) {
	if z.err != nil {
		return 0, z.err
	}
	if z.s == nil {
		return 0, ErrNoState
	}
	if z.w == nil {
		return 0, ErrNoDestination
	}
	read := 0
	for {
		nDst, nSrc, err := z.s.Deflate(z.buf, p[read:], flush)
		read += nSrc
		if err != nil {
			z.err = err
			return read, err
		}
		if nDst > 0 {
			if _, err := z.w.Write(z.buf[:nDst]); err != nil {
				z.err = err
				return read, err
			}
		}
		if nDst < len(z.buf) && read == len(p) {
			return read, nil
		}
	}
}
