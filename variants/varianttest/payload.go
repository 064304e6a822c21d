package varianttest

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/internal/payload"
)

// Payload is the seeds' 5,000-byte half-random payload, the same bytes the matrix's hosts compress.
func Payload() []byte { return payload.Default() }

// Inflate decodes a stream of the given format with the standard library.
func Inflate(f deflate.Format, stream []byte) ([]byte, error) {
	var r io.ReadCloser
	var err error
	switch f {
	case deflate.Raw:
		r = flate.NewReader(bytes.NewReader(stream))
	case deflate.Zlib:
		r, err = zlib.NewReader(bytes.NewReader(stream))
	case deflate.Gzip:
		r, err = gzip.NewReader(bytes.NewReader(stream))
	default:
		return nil, fmt.Errorf("varianttest: unknown format %v", f)
	}
	if err != nil {
		return nil, fmt.Errorf("%v header: %w", f, err)
	}
	defer r.Close()
	out, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%v stream: %w", f, err)
	}
	return out, nil
}

// CheckRoundTrip inflates stream as cfg's format and reports an error unless it gives back want.
func CheckRoundTrip(cfg deflate.Config, stream, want []byte) error {
	got, err := Inflate(cfg.Format(), stream)
	if err != nil {
		return fmt.Errorf("%v: inflate: %w", cfg, err)
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("%v: round trip gave %d bytes, want %d (first difference at %d)", cfg, len(got), len(want), firstDiff(got, want))
	}
	return nil
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// ErrDestination is what FailingWriter returns.
var ErrDestination = errors.New("varianttest: destination refused the write")

// FailingWriter is a destination whose every Write fails, like a closed network stream.
type FailingWriter struct{}

func (FailingWriter) Write([]byte) (int, error) { return 0, ErrDestination }
