package deflate

import (
	"errors"
	"io"
)

// writerBufSize is the Writer's one Go-side output buffer: .NET's DeflateStream.DefaultBufferSize (8,192
// bytes), the buffer its every deflate call writes into, so that the engine is called as .NET calls
// zlib-ng (docs/METHOD.md, "How .NET drives deflate").
const writerBufSize = 8192

// ErrNoState is returned by a Writer with no State bound to it.
var ErrNoState = errors.New("deflate: Writer has no State (Bind one first)")

// ErrNoDestination is returned by a Writer bound to a nil io.Writer.
var ErrNoDestination = errors.New("deflate: Writer has no destination io.Writer (Bind or Reset one first)")

// Writer is an io.WriteCloser that compresses into an io.Writer with a State it does not own: Close
// finishes the stream but leaves the State alive, for its owner to End or Reset.
//
// It calls Deflate exactly as .NET's DeflateStream calls zlib-ng's deflate (DeflateStream.WriteCore,
// WriteDeflaterOutput, FlushBuffers, PurgeBuffers): Write runs NoFlush calls into its 8,192-byte buffer
// while input remains, and stops as soon as the input is taken, even when the last call filled the
// buffer (the rest stays pending in the State for the next call); an empty Write calls nothing; Flush
// repeats SyncFlush while a call produces output; Close repeats Finish until the stream ends. Every call's
// output goes to the destination before the next call.
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

// Write compresses p. Compressed data may stay in the State until a later call, Flush or Close.
func (z *Writer) Write(p []byte) (int, error) {
	if err := z.ready(); err != nil {
		return 0, err
	}
	read := 0
	for read < len(p) { // .NET: while (!_deflater.NeedsInput()), i.e. avail_in != 0
		nDst, nSrc, err := z.s.Deflate(z.buf, p[read:], NoFlush)
		read += nSrc
		if err := z.emit(nDst, err); err != nil {
			return read, err
		}
	}
	return read, nil
}

// Flush compresses everything written so far into whole bytes at the destination (zlib's
// Z_SYNC_FLUSH), so that a reader can decode all of it.
func (z *Writer) Flush() error {
	if err := z.ready(); err != nil {
		return err
	}
	for { // .NET: do { ... } while (_deflater.Flush(...)), which is true while a call produced output
		nDst, _, err := z.s.Deflate(z.buf, nil, SyncFlush)
		if err := z.emit(nDst, err); err != nil || nDst == 0 {
			return err
		}
	}
}

// Close finishes the stream (last block and trailer). It does not end the State. Closing a finished
// stream again writes nothing.
func (z *Writer) Close() error {
	if z.err == nil && z.s != nil && z.s.Finished() {
		return nil
	}
	if err := z.ready(); err != nil {
		return err
	}
	for { // .NET: do { ... } while (!_deflater.Finish(...)), Finish being deflate(Z_FINISH) == Z_STREAM_END
		nDst, _, err := z.s.Deflate(z.buf, nil, Finish)
		if err := z.emit(nDst, err); err != nil || z.s.Finished() {
			return err
		}
	}
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

// ready is the Writer's error, or why it cannot call Deflate.
func (z *Writer) ready() error {
	switch {
	case z.err != nil:
		return z.err
	case z.s == nil:
		return ErrNoState
	case z.w == nil:
		return ErrNoDestination
	}
	return nil
}

// emit writes one Deflate call's output to the destination, keeping the first error for later calls.
func (z *Writer) emit(nDst int, err error) error {
	if err == nil && nDst > 0 {
		_, err = z.w.Write(z.buf[:nDst])
	}
	if err != nil {
		z.err = err
	}
	return err
}
