// Package host is the measured loop inside one fresh process: DOP goroutines share a run of short-lived
// compressor operations of one variant, cold (the first operations of the process) or warm (after a
// warm-up), and the loop reports time, faults, Go and native allocations, and a digest of the output.
package host

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/procstat"
	"github.com/deflatelab/deflatelab/matrix/workload"
	"github.com/deflatelab/deflatelab/variants"
)

// ReadyLine is what a host started with -barrier prints on stderr when it has reached the measured region
// and waits to be released (a duet pair, matrix's -pairing duet).
const ReadyLine = "deflatelab-host: ready"

// Params says what one sample runs. The payload is generated from its seed, size and random fraction,
// unless the workload has an input of its own (workload.Workload.InputOf).
type Params struct {
	Backend  string // the allocator backend's name, as opened by the caller (recorded only)
	Workload workload.Workload
	// Generation is the zlib-ng generation every operation's engine runs: Run sets it on the workload's
	// configurations and records it in the Result.
	Generation  deflate.Generation
	DOP         int // goroutines sharing the operations, >= 1
	Phase       string
	Ops         int // measured operations, >= 1
	Warmup      int // unmeasured operations first; must be 0 when cold
	PayloadSeed int64
	PayloadSize int
	RandFrac    float64
	// Ready, when set, is called once, just before the measured region, with the workers parked: a duet
	// pair's barrier (cmd/host -barrier), so that both processes of a pair measure from the same moment.
	Ready func()
	// Heap is the process heap the workload's background lives in (nativemem.ProcessHeap), HeapName its
	// name for the result, and Probe the sample's backend, which the probe allocates from: all three are
	// needed when the workload has a background and unused otherwise.
	Heap     Heap
	HeapName string
	Probe    Heap
}

// Validate names the first bad field, its value and what is allowed.
func (p Params) Validate() error {
	switch {
	case len(p.Workload.Configs) == 0:
		return fmt.Errorf("host: workload %q has no configurations", p.Workload.Name)
	case p.DOP < 1 || p.DOP > MaxDOP:
		return fmt.Errorf("host: DOP %d is outside 1..%d", p.DOP, MaxDOP)
	case p.Phase != Cold && p.Phase != Warm:
		return fmt.Errorf("host: phase %q is not one of %v", p.Phase, Phases())
	case p.Ops < 1:
		return fmt.Errorf("host: ops %d is below 1", p.Ops)
	case p.Warmup < 0:
		return fmt.Errorf("host: warmup %d is negative", p.Warmup)
	case !slices.Contains(deflate.Generations(), p.Generation):
		return fmt.Errorf("host: zlib-ng generation %v is not one of %v", p.Generation, deflate.Generations())
	case p.Phase == Cold && p.Warmup != 0:
		return fmt.Errorf("host: warmup %d with phase cold; a cold sample measures the first operations of the process, so warmup must be 0", p.Warmup)
	case p.Workload.Background != nil && (p.Heap == nil || p.Probe == nil):
		return fmt.Errorf("host: workload %q has a background: Heap (the process heap) and Probe (the backend) must be set", p.Workload.Name)
	}
	return nil
}

// Configs are w's configurations as the engine takes them, each at zlib-ng generation g: operation i of a
// sample runs Configs(w, g)[i%len(w.Configs)].
func Configs(w workload.Workload, g deflate.Generation) []deflate.Config {
	out := make([]deflate.Config, len(w.Configs))
	for i, c := range w.Configs {
		out[i] = deflate.Config{Level: c.Level, WindowBits: c.WindowBits, MemLevel: c.MemLevel, Strategy: deflate.DefaultStrategy, Generation: g}
	}
	return out
}

// Run measures one sample of v. v must be fresh (no operation yet) for a cold sample to mean anything.
// Run does not close v.
func Run(v *variants.Variant, p Params) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	input, err := p.Workload.InputOf(p.PayloadSeed, p.PayloadSize, p.RandFrac)
	if err != nil {
		return Result{}, err
	}
	l := newVariantLoop(v, p.Workload, Configs(p.Workload, p.Generation), input, p.DOP)
	svc, bg, err := startBackground(p, l)
	if err != nil {
		return Result{}, err
	}
	r, err := measure(v, p, l, input)
	if bg != nil {
		err = errors.Join(err, bg.finish(svc, p, l, r.ElapsedNs))
		r.Service = svc
		// The churn's time comes off the clock only where it is exact: one worker churns while nothing
		// else runs. Above DOP 1 a churn's wall time holds other workers' operations and its wait for the
		// background's lock too (hostresult.Service.ChurnNs), so the region's wall time stands.
		if err == nil && hostresult.ChurnOffClock(p.DOP) {
			r.ElapsedNs -= svc.ChurnNs
		}
	}
	if err != nil {
		return Result{}, err
	}
	return r, nil
}

// measure runs p's warm-up, if any, and its measured region on l, and makes the result.
func measure(v *variants.Variant, p Params, l *loop, input []byte) (Result, error) {
	if p.Warmup > 0 {
		l.run(p.Warmup, false, func() {}, func() {})
		if err := l.err(); err != nil {
			return Result{}, fmt.Errorf("warm-up: %w", err)
		}
	}

	var (
		c0, c1   variants.Counters
		m0, m1   runtime.MemStats
		ps0, ps1 procstat.Snapshot
		ld0, ld1 procstat.Load
		u0, u1   procstat.Usage
		t0, t1   int64
		psErr    error
		ldErr    error
		uErr     error
	)
	l.run(p.Ops, true, func() {
		if p.Ready != nil {
			p.Ready()
		}
		ld0, ldErr = procstat.ReadLoad()
		c0 = v.Counters()
		runtime.ReadMemStats(&m0)
		ps0, psErr = procstat.Read()
		u0, uErr = procstat.ReadUsage()
		t0 = procstat.Now()
	}, func() {
		t1 = procstat.Now()
		var err error
		u1, err = procstat.ReadUsage()
		uErr = errors.Join(uErr, err)
		ps1, err = procstat.Read()
		psErr = errors.Join(psErr, err)
		runtime.ReadMemStats(&m1)
		c1 = v.Counters()
		ld1, err = procstat.ReadLoad()
		ldErr = errors.Join(ldErr, err)
	})
	if err := l.err(); err != nil {
		return Result{}, err
	}
	if psErr != nil {
		return Result{}, fmt.Errorf("host: reading process statistics: %w", psErr)
	}

	faults, native := ps1.Sub(ps0), c1.Sub(c0)
	r := Result{
		Variant: v.Name(), Backend: p.Backend, Workload: p.Workload.Name, Phase: p.Phase, DOP: p.DOP,
		Ops: p.Ops, Warmup: p.Warmup, Split: c1.SplitActive, PoolCapacity: int(c1.PoolCapacity), ZlibNG: ResultGeneration(p.Generation),
		PayloadSeed: p.PayloadSeed, PayloadSize: len(input), PayloadRandFrac: randFracOf(p), Writes: writesOf(p.Workload),
		ElapsedNs:   t1 - t0,
		MinorFaults: faults.MinorFaults,
		MajorFaults: faults.MajorFaults,
		PeakRSS:     ps1.PeakRSS,
		PrivateMax:  ps1.PeakPrivate,
		GoAllocs:    m1.Mallocs - m0.Mallocs,
		GoBytes:     m1.TotalAlloc - m0.TotalAlloc,

		NativeAllocs:  native.NativeAllocs,
		NativeFrees:   native.NativeFrees,
		NativeResets:  native.Resets,
		PoolHits:      native.PoolHits,
		PoolMisses:    native.PoolMisses,
		PoolEvictions: native.PoolEvictions,
		IdleBytes:     native.IdleBytes,
		Env:           CurrentEnv(),
	}
	if ldErr == nil { // a machine that cannot say how busy it is still measures; the report shows no flag
		r.LoadBefore, r.LoadAfter = ld0.Avg1, ld1.Avg1
		r.OtherCPU = procstat.OtherBusy(ld0, ld1, t1-t0)
		r.OtherCPUMeasured = ld1.SystemTotal > 0
	}
	var (
		digest uint64
		tl     timeline
		mech   mechanism
	)
	r.FirstOpsNs = make([][]int64, len(l.sinks))
	for i, s := range l.sinks {
		r.OutputBytes += s.bytes
		digest += s.digest()
		tl.add(&s.tl)
		mech.add(&s.mech)
		r.FirstOpsNs[i] = s.first.slice()
	}
	r.Digest = fmt.Sprintf("%016x", digest)
	r.TimelineNs = tl.slice(Bins(p.Ops))
	r.Counters = counters(u1.Sub(u0), uErr == nil, ld0, ld1, ldErr == nil, mech, c1.Reusing)
	return r, nil
}

// counters assembles the sample's Counters from what was read around the region and counted inside it,
// leaving out (nil) every counter this OS or variant could not give.
func counters(u procstat.Usage, usageOK bool, ld0, ld1 procstat.Load, loadOK bool, m mechanism, reusing bool) *Counters {
	c := &Counters{}
	if usageOK {
		c.CPUNs = count(u.CPUNs)
		if u.HasCtxSw {
			c.VolCtxSw, c.InvolCtxSw = count(u.VolCtxSw), count(u.InvolCtxSw)
		}
		if u.HasCycles {
			c.Cycles = count(u.Cycles)
		}
	}
	if loadOK && ld0.HasSteal && ld1.HasSteal {
		c.StealNs = count((ld1.Steal - ld0.Steal) * 100)
	}
	if procstat.ProcessorKnown {
		c.Processor = procstat.ProcessorMethod
		c.CPUChanges = count(m.cpuChanges)
		if reusing {
			c.Reuses, c.Handoffs = count(m.reuses), count(m.handoffs)
		}
	}
	return c
}

// operation is one short-lived compressor: open for (s, cfg), write input writes times, close.
type operation func(s *sink, cfg deflate.Config, input []byte, writes int) error

// variantOp is a variant's operation: the measured thing, as a .NET program uses a DeflateStream -
// construct it, Write the input writes times, Dispose it (variants.Compressor drives the engine as
// DeflateStream drives zlib-ng: docs/METHOD.md, "How .NET drives deflate"). It opens through the sink's
// worker (newVariantLoop), so a variant whose workers own their states (reuse) gives each goroutine its own;
// for every other variant a worker's Open is the variant's.
func variantOp() operation {
	return func(s *sink, cfg deflate.Config, input []byte, writes int) error {
		c, err := s.worker.Open(s, cfg)
		if err == nil {
			prev, _ := c.SwapMark(stateMark(s.cpu)) // the compressor is live: no error
			s.usedState(prev)
			for range writes {
				if _, err = c.Write(input); err != nil {
					break
				}
			}
			if cerr := c.Close(); err == nil {
				err = cerr
			}
		}
		return err
	}
}

// randFracOf is the random fraction of what p's writes compress.
func randFracOf(p Params) float64 {
	if p.Workload.Input != nil {
		return p.Workload.Input.RandFrac
	}
	return p.RandFrac
}

// writesOf is w's writes per operation, 1 for a workload that does not say.
func writesOf(w workload.Workload) int { return max(w.Writes, 1) }

// loop runs operations of one workload on DOP goroutines that share an operation counter.
type loop struct {
	op      operation
	configs []deflate.Config // w's configurations at the sample's generation; operation i runs configs[i%len]
	input   []byte           // what every write compresses
	writes  int              // writes per operation
	sinks   []*sink          // one per goroutine
	// between, when set, runs after every operation, off the clock: the service workload's churn. Its
	// time in the measured region goes to the sink's churnNs, not to the operation's duration.
	between func() error
}

// newLoop makes the loop and its sinks, one per goroutine, sized above deflate's worst-case expansion of
// an operation's whole input.
func newLoop(op operation, w workload.Workload, configs []deflate.Config, input []byte, dop int) *loop {
	l := &loop{op: op, configs: configs, input: input, writes: writesOf(w), sinks: make([]*sink, dop)}
	total := len(input) * l.writes
	for i := range l.sinks {
		l.sinks[i] = newSink(total+total>>3+1024, len(configs))
	}
	return l
}

// newVariantLoop is newLoop running v's operation, each sink with a worker of v of its own, made here,
// before any operation, so that no worker is made inside a measured region.
func newVariantLoop(v *variants.Variant, w workload.Workload, configs []deflate.Config, input []byte, dop int) *loop {
	l := newLoop(variantOp(), w, configs, input, dop)
	for _, s := range l.sinks {
		s.worker = v.Worker()
	}
	return l
}

// run performs n operations. The goroutines are started and parked before, and joined after, the region
// bounded by before and after, so that the region holds nothing but the operations: no goroutine
// creation, logging, locking or allocation of the loop's own.
func (l *loop) run(n int, measured bool, before, after func()) {
	var (
		next  atomic.Int64
		ready sync.WaitGroup
		done  sync.WaitGroup
		start = make(chan struct{})
	)
	for _, s := range l.sinks {
		s.startRun(measured)
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-start
			l.work(s, &next, n, measured)
		}()
	}
	ready.Wait()
	before()
	close(start)
	done.Wait()
	after()
}

// work is one goroutine's share: take the next operation index until n are taken. A measured operation's
// duration - from the end of this goroutine's previous operation (or its start) to the end of its check -
// goes into the timeline bin of its index and, for the worker's first FirstOps, into its exact list: one
// clock read per operation, an index and an add. The processor is read as each operation starts (warm-up
// included, so that pooled states carry where they last ran into the measured region).
func (l *loop) work(s *sink, next *atomic.Int64, n int, measured bool) {
	t := procstat.Now()
	for {
		i := int(next.Add(1) - 1)
		if i >= n {
			return
		}
		s.onProcessor(processor())
		ci := i % len(l.configs)
		if err := l.op(s, l.configs[ci], l.input, l.writes); err != nil {
			s.err = fmt.Errorf("host: operation %d (%v): %w", i, l.configs[ci], err)
			return
		}
		if !measured {
			s.discard()
			if l.between != nil {
				if err := l.between(); err != nil {
					s.err = fmt.Errorf("host: after operation %d: %w", i, err)
					return
				}
			}
			continue
		}
		s.finish(ci)
		t1 := procstat.Now()
		s.tl[Bin(i)] += t1 - t
		s.first.record(t1 - t)
		t = t1
		if l.between != nil {
			f0, ferr0 := procstat.Read()
			if err := l.between(); err != nil {
				s.err = fmt.Errorf("host: after operation %d: %w", i, err)
				return
			}
			f1, ferr1 := procstat.Read()
			if ferr0 == nil && ferr1 == nil {
				s.churnFaults += f1.Sub(f0).Faults()
			}
			t = procstat.Now()
			s.churnNs += t - t1
			s.churns++
		}
	}
}

func (l *loop) err() error {
	var errs []error
	for _, s := range l.sinks {
		if s.err != nil {
			errs = append(errs, s.err)
		}
	}
	return errors.Join(errs...)
}

// ResultGeneration is how a result and -describe record the engine's generation g: the one place the
// engine's deflate.Generation becomes the lab's (matrix.Generation, defined in hostresult). Both spell
// a generation as its zlib-ng version, and TestResultGeneration holds every one of each to a partner.
func ResultGeneration(g deflate.Generation) Generation {
	return Generation(g.String())
}
