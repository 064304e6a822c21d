package varianttest

import (
	"bytes"
	"fmt"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
)

// CloseWithOneOpen opens a compressor of cfg through o, closes v while it is open, and checks what a
// .NET stream disposed after its pool or encoder owner expects: v's Close frees every block but the open
// compressor's, which still compresses payload to a stream that inflates back, and frees its block on
// its own Close, leaving rec clean. The pool and the reuse bound share it.
func CloseWithOneOpen(v *variants.Variant, o variants.Opener, rec *Recorder, cfg deflate.Config, payload []byte) error {
	var buf bytes.Buffer
	open, err := o.Open(&buf, cfg)
	if err != nil {
		return err
	}
	if err := v.Close(); err != nil {
		return err
	}
	if allocs, frees, _ := rec.Counts(); allocs-frees != 1 {
		return fmt.Errorf("after Close with one compressor open: %d allocs, %d frees, want exactly the open one live", allocs, frees)
	}
	if _, err := open.Write(payload); err != nil {
		return err
	}
	if err := open.Close(); err != nil {
		return err
	}
	if err := CheckRoundTrip(cfg, buf.Bytes(), payload); err != nil {
		return err
	}
	return rec.CheckClean()
}
