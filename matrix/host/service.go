package host

import (
	"errors"

	"github.com/deflatelab/deflatelab/matrix/workload"
)

// startBackground prepares a workload with a background (the service workload; nil, nil, nil for any
// other): the pristine probe on p.Probe, then the population built in p.Heap and settled, and l's
// between hook set to its churn.
func startBackground(p Params, l *loop) (*Service, *background, error) {
	spec := p.Workload.Background
	if spec == nil {
		return nil, nil, nil
	}
	pristine, err := probe(p.Probe, workload.StateSize, nil)
	if err != nil {
		return nil, nil, err
	}
	bg, err := newBackground(*spec, p.Heap)
	if err != nil {
		return nil, nil, err
	}
	l.between = func() error { return bg.churn(spec.ChurnPerOp) }
	svc := &Service{Heap: p.HeapName, Seed: spec.Seed, Blocks: spec.Blocks, ChurnPerOp: spec.ChurnPerOp,
		SettleSteps: spec.Settle, Pristine: pristine}
	return svc, bg, nil
}

// finish records what the background held at the end of the measured region and the churn l's workers
// took in it (wall is the region's wall time), takes the fragmented probe, and frees every block.
func (b *background) finish(svc *Service, p Params, l *loop, wall int64) error {
	svc.LiveBlocks, svc.LiveBytes, _ = b.stats()
	svc.WallNs = wall
	for _, s := range l.sinks {
		svc.ChurnNs += s.churnNs
		svc.ChurnFaults += s.churnFaults
		svc.ChurnSteps += s.churns * int64(b.spec.ChurnPerOp)
	}
	var err error
	svc.Fragmented, err = probe(p.Probe, workload.StateSize, func() error { return b.churn(b.spec.ChurnPerOp) })
	err = errors.Join(err, b.release())
	svc.Allocs, svc.Frees = b.allocs, b.frees
	return err
}
