package varianttest

import (
	"bytes"
	"errors"
	"fmt"
	"sync"

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

// CloseWhileWorking closes v while four workers (v.Worker()) are mid-operation, each having finished at
// least two operations: whichever of Close and a returning compressor takes a state ends it, and every
// worker must stop with variants.ErrClosed, whether its Open met the variant's closed check or its
// Source's. The caller's recorder checks that each block was freed exactly once.
func CloseWhileWorking(v *variants.Variant, cfgs []deflate.Config, payload []byte) error {
	const workers = 4
	var started, wg sync.WaitGroup
	errs := make(chan error, workers+1)
	for g := range workers {
		w := v.Worker()
		started.Add(1)
		wg.Go(func() {
			for i := 0; ; i++ {
				if i == 2 {
					started.Done()
				}
				err := Compress(w, &Discard{}, cfgs[(g+i)%len(cfgs)], payload)
				if err == nil {
					continue
				}
				if i < 2 {
					started.Done()
				}
				if !errors.Is(err, variants.ErrClosed) {
					errs <- fmt.Errorf("worker %d, operation %d: %w (want variants.ErrClosed)", g, i, err)
				}
				return
			}
		})
	}
	started.Wait()
	errs <- v.Close()
	wg.Wait()
	close(errs)
	var all []error
	for err := range errs {
		all = append(all, err)
	}
	return errors.Join(all...)
}
