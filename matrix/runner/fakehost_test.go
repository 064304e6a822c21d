package runner

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/affinity"
	"github.com/deflatelab/deflatelab/matrix/host"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// The test binary doubles as a fake host: copied to host-<variant> and run with $fakeHostEnv set, it
// acts like cmd/host without measuring anything. The env value picks a misbehaviour for one variant:
// "ok", "crash=<variant>", "hang=<variant>", "garbage=<variant>", "mismatch=<variant>",
// "elsewhere=<variant>" (its results say another platform), "slower=<variant>" (twice control's time),
// "othergen=<variant>" (its results say zlib-ng 2.2.2 whatever -zlibng says),
// or for all of them: "describeas=<goos/goarch>" (-describe says that platform), "describeold" (-describe
// names no generations, as hosts built before -zlibng), "describefail"
// (-describe exits 1 saying nothing), "calibratehang" (-calibrate sleeps). With $fakeHostPidFile set,
// the host writes its pid there first.
const fakeHostEnv = "DEFLATELAB_FAKE_HOST"

// fakeCounterEnv names a file the "slowernoisy" fake host counts its splitalloc runs in.
const fakeCounterEnv = "DEFLATELAB_FAKE_COUNTER"

// fakeHostPidFile names a file a fake host writes its pid into, for tests that look for orphans.
const fakeHostPidFile = "DEFLATELAB_FAKE_HOST_PIDFILE"

func TestMain(m *testing.M) {
	if pidFile, ok := os.LookupEnv(fakeOrchestratorEnv); ok {
		os.Exit(fakeOrchestrator(pidFile))
	}
	if mode, ok := os.LookupEnv(fakeHostEnv); ok {
		os.Exit(fakeHost(mode, os.Args[1:], os.Stdout, os.Stderr))
	}
	// The fake hosts are this test binary run again: built with -race, each would sleep a second at exit
	// (the race runtime's atexit_sleep_ms), hundreds of seconds over the package's samples.
	os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	os.Exit(m.Run())
}

func fakeHost(mode string, args []string, stdout, stderr io.Writer) int {
	variant := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(os.Args[0]), "host-"), ".exe")
	var layout int64 // host-<variant>-layout<N> (hostbin.Stem)
	if v, n, ok := strings.Cut(variant, "-layout"); ok {
		variant = v
		fmt.Sscan(n, &layout)
	}
	fs := flag.NewFlagSet("fake", flag.ContinueOnError)
	var r hostresult.Result
	describe := fs.Bool("describe", false, "")
	calibrate := fs.Bool("calibrate", false, "")
	fs.StringVar(&r.Variant, "variant", "", "")
	fs.StringVar(&r.Workload, "workload", "", "")
	fs.IntVar(&r.DOP, "dop", 0, "")
	fs.StringVar(&r.Phase, "phase", "", "")
	fs.IntVar(&r.Ops, "ops", 0, "")
	fs.IntVar(&r.Warmup, "warmup", 0, "")
	fs.StringVar(&r.Backend, "backend", "", "")
	fs.Int64Var(&r.PayloadSeed, "payload-seed", 0, "")
	fs.IntVar(&r.PayloadSize, "payload-size", 0, "")
	fs.Bool("force-split", false, "") // accepted as the real host does; the fake never splits
	fs.IntVar(&r.PoolCapacity, "pool-capacity", 0, "")
	fs.Float64Var(&r.PayloadRandFrac, "payload-random", 0, "")
	fs.StringVar((*string)(&r.ZlibNG), "zlibng", "", "")
	cpus := fs.String("cpus", "", "")
	barrier := fs.Bool("barrier", false, "")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *cpus != "" { // pinned for real, as the host pins itself
		set, err := affinity.Parse(*cpus)
		if err == nil {
			err = affinity.Pin(set)
		}
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	}
	if *barrier { // a duet half: ready, released, then long enough that the two halves overlap
		fmt.Fprintln(stderr, host.ReadyLine)
		os.Stdin.Read(make([]byte, 1))
		time.Sleep(50 * time.Millisecond)
	}
	what, target, _ := strings.Cut(mode, "=")
	if p := os.Getenv(fakeHostPidFile); p != "" {
		os.WriteFile(p, []byte(fmt.Sprint(os.Getpid())), 0o644)
	}
	if *describe && what == "describefail" {
		return 1
	}
	if *calibrate && what == "calibratehang" {
		time.Sleep(time.Minute)
	}
	if *describe {
		platform := runtime.GOOS + "/" + runtime.GOARCH
		if what == "describeas" {
			platform = target
		}
		gens := hostresult.Generations()
		if what == "describeold" {
			gens = nil
		}
		json.NewEncoder(stdout).Encode(hostresult.Description{Variant: variant, Backends: []string{"goheap", "pages"}, DefaultBackend: "pages", Commit: "fake", Platform: platform, Generations: gens, Layout: layout})
		return 0
	}
	if *calibrate {
		json.NewEncoder(stdout).Encode(hostresult.Calibration{NsPerOp: 42, Ops: 1, Repeats: 1, OutputBytes: 100})
		return 0
	}
	if target == variant {
		switch what {
		case "crash":
			fmt.Fprintln(stderr, "panic: fake host crashed on purpose")
			return 3
		case "hang":
			time.Sleep(time.Minute)
		case "garbage":
			fmt.Fprintln(stdout, "not json")
			return 0
		}
	}
	r.ElapsedNs = int64(1000 + r.DOP)
	if what == "slower" && target == variant {
		r.ElapsedNs *= 2
	}
	if what == "slowernoisy" { // pooled twice control's time; splitalloc 0-60% above it, varying by process
		switch variant {
		case matrix.Pooled:
			r.ElapsedNs *= 2
		case "splitalloc": // +40% and -30% in turn, counted in a file per cell: a change of ~0 that no round count decides
			n := 0
			if p := os.Getenv(fakeCounterEnv); p != "" {
				p += fmt.Sprintf("-%s-%d-%s-%s", r.Workload, r.DOP, r.Phase, r.Backend)
				b, _ := os.ReadFile(p)
				n = len(b)
				os.WriteFile(p, append(b, '.'), 0o644)
			}
			if n%2 == 0 {
				r.ElapsedNs += r.ElapsedNs * 4 / 10
			} else {
				r.ElapsedNs -= r.ElapsedNs * 3 / 10
			}
		}
	}
	r.OutputBytes = int64(r.Ops) * 100
	r.Digest = fmt.Sprintf("%016x", r.Ops*r.DOP)
	if what == "mismatch" && target == variant {
		r.Digest = "ffffffffffffffff"
	}
	if what == "othergen" && target == variant {
		r.ZlibNG = "2.2.2"
	}
	r.NativeAllocs, r.NativeFrees = int64(r.Ops), int64(r.Ops)
	r.Env = hostresult.Env{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPU: "Fake CPU", Commit: "fake"}
	if what == "elsewhere" && target == variant {
		r.Env.GOOS, r.Env.GOARCH = "fakeos", "fakearch"
	}
	json.NewEncoder(stdout).Encode(r)
	return 0
}

// fakeHosts copies the test binary to dir/host-<variant> for every host build (hostbin.Hosts: every
// variant, and aa's layout of control) and sets the fake mode.
func fakeHosts(t *testing.T, mode string) (dir string, hosts map[string]string) {
	t.Helper()
	t.Setenv(fakeHostEnv, mode)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	hosts = map[string]string{}
	for _, v := range hostbin.Hosts() {
		p := hostbin.Path(dir, runtime.GOOS, v)
		if err := os.WriteFile(p, data, 0o755); err != nil {
			t.Fatal(err)
		}
		hosts[v] = p
	}
	return dir, hosts
}

// fakeOrchestratorEnv makes the test binary a runner that starts one hanging fake host (the host binary
// the variable names, in the mode $fakeHostEnv says) the way the runner starts hosts, then waits: the
// process a test kills -9 to prove that its host dies with it.
const fakeOrchestratorEnv = "DEFLATELAB_FAKE_ORCHESTRATOR"

func fakeOrchestrator(hostPath string) int {
	os.Unsetenv(fakeOrchestratorEnv) // the host is the test binary too: it must act as the host
	cmd := hostCommand(context.Background(), nil, hostPath, []string{"-variant", "control", "-workload", "fixed", "-dop", "1", "-phase", "cold", "-ops", "1", "-backend", "goheap"}, nil)
	if err := startHost(cmd); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	cmd.Wait()
	return 0
}
