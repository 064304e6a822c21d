package resultsdir

import (
	"io"

	"golang.org/x/perf/benchfmt"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// benchUnits are the per-sample values in the benchmark format, in the order written. Per-operation
// units divide a measured total by the sample's operations; idle-B and peak-RSS-B are end-of-sample
// levels. The mechanism counters (hostresult.CounterList) follow, each only where the sample has it.
var benchUnits = []struct {
	unit  string
	value func(r *hostresult.Result) float64
}{
	{"ns/op", func(r *hostresult.Result) float64 { return perOp(r.ElapsedNs, r) }},
	{"faults/op", func(r *hostresult.Result) float64 { return perOp(r.MinorFaults+r.MajorFaults, r) }},
	{"nativeallocs/op", func(r *hostresult.Result) float64 { return perOp(r.NativeAllocs, r) }},
	{"nativefrees/op", func(r *hostresult.Result) float64 { return perOp(r.NativeFrees, r) }},
	{"resets/op", func(r *hostresult.Result) float64 { return perOp(r.NativeResets, r) }},
	{"B/op", func(r *hostresult.Result) float64 { return perOp(int64(r.GoBytes), r) }},
	{"allocs/op", func(r *hostresult.Result) float64 { return perOp(int64(r.GoAllocs), r) }},
	{"idle-B", func(r *hostresult.Result) float64 { return float64(r.IdleBytes) }},
	{"peak-rss-B", func(r *hostresult.Result) float64 { return float64(r.PeakRSS) }},
}

func perOp(total int64, r *hostresult.Result) float64 { return float64(total) / float64(r.Ops) }

// WriteBench writes the OK samples in the Go benchmark format, one line per sample, named
// BenchmarkDeflate/workload=.../dop=.../phase=.../backend=.../variant=..., with the iteration count set to
// the measured operations. File configuration (goos, goarch, cpu, commit) comes from each sample's
// environment, plus "emulated: <emulator>" for a sample whose host ran under one. `benchstat -col /variant bench.txt` compares the variants cell by cell.
func WriteBench(w io.Writer, samples []matrix.Sample) error {
	bw := benchfmt.NewWriter(w)
	for _, s := range samples {
		if !s.OK || s.Result == nil || s.Result.Ops <= 0 {
			continue
		}
		r := s.Result
		res := &benchfmt.Result{Name: benchfmt.Name(s.Cell.BenchName(s.Variant)), Iters: r.Ops}
		for _, kv := range [][2]string{
			{"goos", r.Env.GOOS}, {"goarch", r.Env.GOARCH}, {"cpu", r.Env.CPU}, {"commit", r.Env.Commit},
			{"emulated", s.Emulated}, // so that benchstat, too, says these are an emulator's times
		} {
			if kv[1] != "" {
				res.Config = append(res.Config, benchfmt.Config{Key: kv[0], Value: []byte(kv[1]), File: true})
			}
		}
		for _, u := range benchUnits {
			res.Values = append(res.Values, benchfmt.Value{Value: u.value(r), Unit: u.unit})
		}
		for _, k := range hostresult.CounterList { // a counter the sample lacks is left out, not written as 0
			if v, ok := k.PerOp(r); ok {
				res.Values = append(res.Values, benchfmt.Value{Value: v, Unit: k.Unit})
			}
		}
		if err := bw.Write(res); err != nil {
			return err
		}
	}
	return nil
}
