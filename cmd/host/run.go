package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/matrix/affinity"
	"github.com/deflatelab/deflatelab/matrix/host"
	"github.com/deflatelab/deflatelab/matrix/workload"
	"github.com/deflatelab/deflatelab/nativemem"
	"github.com/deflatelab/deflatelab/variants"
)

// Exit statuses.
const (
	exitOK    = 0
	exitFail  = 1 // the sample could not be measured
	exitUsage = 2 // bad flags, as the flag package does
)

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("host-"+linked, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		variant    = fs.String("variant", "", "expected variant; an error unless it is the one linked in ("+linked+")")
		wl         = fs.String("workload", "fixed", fmt.Sprintf("workload, one of %v", workload.Names()))
		dop        = fs.Int("dop", 1, fmt.Sprintf("goroutines sharing the operations, 1..%d", host.MaxDOP))
		phase      = fs.String("phase", host.Cold, fmt.Sprintf("phase, one of %v", host.Phases()))
		ops        = fs.Int("ops", 0, fmt.Sprintf("measured operations; 0 means %d cold, %d warm", host.DefaultColdOps, host.DefaultWarmOps))
		warmup     = fs.Int("warmup", -1, fmt.Sprintf("unmeasured operations before a warm sample; -1 means %d warm, 0 cold", host.DefaultWarmup))
		backend    = fs.String("backend", "", fmt.Sprintf("native allocator backend, one of %v; empty means %s", nativemem.Available(), nativemem.Default()))
		seed       = fs.Int64("payload-seed", workload.DefaultSeed, "payload random seed")
		size       = fs.Int("payload-size", workload.DefaultSize, "payload bytes per operation")
		randFrac   = fs.Float64("payload-random", workload.DefaultRandFrac, "fraction of the payload that is random, 0..1")
		poolCap    = fs.Int("pool-capacity", 0, "pooled variant's idle states; 0 means the seed's 8")
		forceSplit = fs.Bool("force-split", false, "splitalloc: use the split layout even off Win64")
		zlibng     = fs.String("zlibng", deflate.ZlibNG225.String(), fmt.Sprintf("zlib-ng generation whose deflate the engine runs, one of %v: %s; %s",
			deflate.Generations(), deflate.ZlibNG225.Description(), deflate.ZlibNG222.Description()))
		cpus      = fs.String("cpus", "", "pin the process to these processors, comma-separated (a duet pair's half; Linux and Windows)")
		barrier   = fs.Bool("barrier", false, "just before the measured region, print "+host.ReadyLine+" on stderr and wait for one byte on stdin (a duet pair starts measuring together)")
		describe  = fs.Bool("describe", false, "print what this binary can run as JSON and exit")
		calibrate = fs.Bool("calibrate", false, "measure the harness's own cost per operation (a no-op compressor through the measured loop), print it as JSON and exit")
	)
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "host-%s: %s\n", linked, fmt.Sprintf(format, a...))
		return exitUsage
	}
	if fs.NArg() > 0 {
		return usage("unexpected arguments %q; all input is flags", fs.Args())
	}
	if *describe {
		return emit(stdout, stderr, host.Description{
			Variant: linked, Backends: nativemem.Available(), DefaultBackend: nativemem.Default(),
			Workloads: workload.Names(), Generations: generations(), Commit: host.Commit(), Platform: host.CurrentPlatform(),
			Layout: host.Layout(),
		})
	}
	if *variant != "" && *variant != linked {
		return usage("-variant %q, but this binary links %q", *variant, linked)
	}
	w, err := workload.ByName(*wl)
	if err != nil {
		return usage("-workload: %v", err)
	}
	oneArena := false
	if w.Background != nil {
		if oneArena, err = ensureOneArena(); err != nil {
			fmt.Fprintf(stderr, "host-%s: %v\n", linked, err)
			return exitFail
		}
	}
	gen, err := deflate.ParseGeneration(*zlibng)
	if err != nil {
		return usage("-zlibng: %v", err)
	}
	p := host.Params{
		Workload: w, Generation: gen, DOP: *dop, Phase: *phase, Ops: *ops, Warmup: *warmup,
		PayloadSeed: *seed, PayloadSize: *size, RandFrac: *randFrac,
	}
	switch {
	case *dop < 1 || *dop > host.MaxDOP:
		return usage("-dop %d is outside 1..%d", *dop, host.MaxDOP)
	case *phase != host.Cold && *phase != host.Warm:
		return usage("-phase %q is not one of %v", *phase, host.Phases())
	case *ops < 0:
		return usage("-ops %d is negative; 0 means the phase's default", *ops)
	case *warmup < -1:
		return usage("-warmup %d is below -1; -1 means the phase's default", *warmup)
	case *phase == host.Cold && *warmup > 0:
		return usage("-warmup %d with -phase cold; a cold sample measures the process's first operations", *warmup)
	case *poolCap < 0 || *poolCap > variants.MaxPoolCapacity:
		return usage("-pool-capacity: pooled capacity must be an integer 1..%d: got %d (0 means the default)", variants.MaxPoolCapacity, *poolCap)
	}
	if p.Ops == 0 {
		p.Ops = map[string]int{host.Cold: host.DefaultColdOps, host.Warm: host.DefaultWarmOps}[p.Phase]
	}
	if p.Warmup == -1 {
		p.Warmup = map[string]int{host.Cold: 0, host.Warm: host.DefaultWarmup}[p.Phase]
	}
	if _, err := workload.Payload(p.PayloadSeed, p.PayloadSize, p.RandFrac); err != nil {
		return usage("-payload-size/-payload-random: %v", err)
	}
	if *cpus != "" {
		set, err := affinity.Parse(*cpus)
		if err != nil {
			return usage("-cpus: %v", err)
		}
		if err := affinity.Pin(set); err != nil {
			fmt.Fprintf(stderr, "host-%s: -cpus: %v\n", linked, err)
			return exitFail
		}
	}
	if *barrier {
		p.Ready = func() { waitBarrier(os.Stdin, stderr) }
	}
	p.Backend = *backend
	if p.Backend == "" {
		p.Backend = nativemem.Default()
	}
	alloc, err := nativemem.Open(p.Backend)
	if err != nil {
		return usage("-backend: %v", err)
	}
	// The service workload's background lives in the process heap and its probe allocates on the backend.
	p.Heap, p.HeapName = nativemem.ProcessHeap()
	if oneArena {
		p.HeapName += ", one arena (MALLOC_ARENA_MAX=1)"
	}
	p.Probe = alloc

	v, err := variants.New(linked, variants.Options{Alloc: alloc, PoolCapacity: *poolCap, ForceSplit: *forceSplit})
	if err != nil {
		fmt.Fprintf(stderr, "host-%s: %v\n", linked, err)
		return exitFail
	}
	if *calibrate {
		c, err := calibrateHarness(v, p)
		if err = errors.Join(err, v.Close()); err != nil {
			fmt.Fprintf(stderr, "host-%s: %v\n", linked, err)
			return exitFail
		}
		return emit(stdout, stderr, c)
	}
	r, err := host.Run(v, p)
	err = errors.Join(err, v.Close())
	if err != nil {
		fmt.Fprintf(stderr, "host-%s: %v\n", linked, err)
		return exitFail
	}
	if r.Service != nil {
		r.Service.Arenas = nativemem.Arenas()
	}
	return emit(stdout, stderr, r)
}

// calibrateHarness measures the harness with a no-op compressor that writes what one real operation of
// p's workload writes (compressed here once, by the linked variant).
func calibrateHarness(v *variants.Variant, p host.Params) (host.Calibration, error) {
	input, err := p.Workload.InputOf(p.PayloadSeed, p.PayloadSize, p.RandFrac)
	if err != nil {
		return host.Calibration{}, err
	}
	var out bytes.Buffer
	c, err := v.Open(&out, host.Configs(p.Workload, p.Generation)[0])
	if err == nil {
		for range max(p.Workload.Writes, 1) {
			if _, err = c.Write(input); err != nil {
				break
			}
		}
		err = errors.Join(err, c.Close())
	}
	if err != nil {
		return host.Calibration{}, fmt.Errorf("calibrate: the reference operation: %w", err)
	}
	return host.Calibrate(out.Bytes(), p.Workload, host.DefaultCalibrationOps, host.DefaultCalibrationRepeats)
}

// emit prints v as one JSON line.
func emit(stdout, stderr io.Writer, v any) int {
	b, err := json.Marshal(v)
	if err == nil {
		_, err = stdout.Write(append(b, '\n'))
	}
	if err != nil {
		fmt.Fprintf(stderr, "host-%s: writing the result: %v\n", linked, err)
		return exitFail
	}
	return exitOK
}

// generations lists the generations -zlibng takes, as -describe reports them.
func generations() []host.Generation {
	var out []host.Generation
	for _, g := range deflate.Generations() {
		out = append(out, host.ResultGeneration(g))
	}
	return out
}

// waitBarrier says the process is ready and waits for the runner to release it (one byte, or the pipe
// closed: a runner that died must not leave the host waiting).
func waitBarrier(in io.Reader, stderr io.Writer) {
	fmt.Fprintln(stderr, host.ReadyLine)
	var b [1]byte
	in.Read(b[:])
}
