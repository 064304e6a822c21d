package host

import (
	"fmt"
	"slices"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/matrix/procstat"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// noOp is a compressor that does nothing but write out.
func noOp(out []byte) operation {
	return func(s *sink, _ deflate.Config, _ []byte, _ int) error {
		_, err := s.Write(out)
		return err
	}
}

// Calibrate measures the harness's cost per operation with a no-op compressor writing out for every
// operation of w, ops operations per repeat, after one unmeasured repeat.
func Calibrate(out []byte, w workload.Workload, ops, repeats int) (Calibration, error) {
	if ops < 1 || repeats < 1 || len(w.Configs) == 0 {
		return Calibration{}, fmt.Errorf("host: calibrate: ops %d and repeats %d must be >= 1, workload %q needs configurations", ops, repeats, w.Name)
	}
	l := newLoop(noOp(out), w, Configs(w, deflate.ZlibNG225), out, 1)
	l.run(ops, false, func() {}, func() {})
	per := make([]float64, repeats)
	for r := range per {
		var t0, t1 int64
		l.run(ops, true, func() { t0 = procstat.Now() }, func() { t1 = procstat.Now() })
		per[r] = float64(t1-t0) / float64(ops)
	}
	if err := l.err(); err != nil {
		return Calibration{}, err
	}
	slices.Sort(per)
	return Calibration{NsPerOp: per[len(per)/2], Ops: ops, Repeats: repeats, OutputBytes: len(out), Processor: procstat.ProcessorMethod}, nil
}
