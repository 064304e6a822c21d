package varianttest

import (
	"errors"
	"io"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
)

// Compress is one short-lived compressor's life: open on dst, write payload, close. Close runs even when the
// write failed, as a disposing caller would; the errors are joined. o is a Variant or one of its Workers.
func Compress(o variants.Opener, dst io.Writer, cfg deflate.Config, payload []byte) error {
	c, err := o.Open(dst, cfg)
	if err != nil {
		return err
	}
	_, werr := c.Write(payload)
	return errors.Join(werr, c.Close())
}

// Discard counts what it is given and keeps nothing, so that an operation's output cannot be optimised
// away and no buffer grows.
type Discard struct{ N int64 }

func (d *Discard) Write(p []byte) (int, error) { d.N += int64(len(p)); return len(p), nil }
