package procstat

import (
	"runtime"
	"testing"
	"time"
)

// A busy loop raises the process's CPU time by about the time it spun; sleeping does not, and on an OS
// that counts context switches, sleeping is a voluntary one.
func TestUsage(t *testing.T) {
	u0, err := ReadUsage()
	if err != nil {
		t.Fatal(err)
	}
	// Spin until the process's CPU time has grown by spin: on a machine shared with other work the wall
	// time this takes is anyone's guess, but CPU time that never grows (a counter stuck at its start, or
	// read from the wrong process) fails at the deadline.
	const spin, deadline = 60 * time.Millisecond, 20 * time.Second
	start := time.Now()
	x := 0
	var u1 Usage
	for {
		for range 1 << 16 {
			x++
		}
		if u1, err = ReadUsage(); err != nil {
			t.Fatal(err)
		}
		if u1.CPUNs-u0.CPUNs >= int64(spin) {
			break
		}
		if time.Since(start) > deadline {
			t.Fatalf("spinning for %v raised CPU time by %v, not %v", deadline, time.Duration(u1.CPUNs-u0.CPUNs), spin)
		}
	}
	time.Sleep(50 * time.Millisecond)
	u2, err := ReadUsage()
	if err != nil {
		t.Fatal(err)
	}
	busy, idle := u1.Sub(u0), u2.Sub(u1)
	// Sleeping uses next to no processor: Go's own background work, or one 15.625 ms tick on Windows.
	if idle.CPUNs > int64(spin)/2 {
		t.Errorf("sleeping 50ms raised CPU time by %v", time.Duration(idle.CPUNs))
	}
	if want := runtime.GOOS != "windows"; busy.HasCtxSw != want {
		t.Errorf("context switches present %v on %s, want %v", busy.HasCtxSw, runtime.GOOS, want)
	}
	if idle.HasCtxSw && idle.VolCtxSw < 1 {
		t.Errorf("sleeping counted %d voluntary context switches", idle.VolCtxSw)
	}
	if busy.HasCycles && busy.Cycles <= 0 {
		t.Errorf("spinning used %d cycles", busy.Cycles)
	}
	_ = x
}

// Processor answers with a processor this machine has, on the OSes that can say.
func TestProcessor(t *testing.T) {
	if want := runtime.GOOS == "linux" || runtime.GOOS == "windows"; ProcessorKnown != want {
		t.Errorf("ProcessorKnown = %v on %s, want %v", ProcessorKnown, runtime.GOOS, want)
	}
	if (ProcessorMethod != "") != ProcessorKnown {
		t.Errorf("ProcessorMethod %q with ProcessorKnown %v", ProcessorMethod, ProcessorKnown)
	}
	if !ProcessorKnown {
		return
	}
	t.Logf("processor read by %s", ProcessorMethod)
	for range 100 {
		if p := Processor(); p < 0 || p >= 64*runtime.NumCPU() {
			t.Fatalf("Processor() = %d with %d processors", p, runtime.NumCPU())
		}
	}
	if a := testing.AllocsPerRun(100, func() { Processor() }); a != 0 {
		t.Errorf("Processor allocates %v times a call", a)
	}
	if a := testing.AllocsPerRun(100, func() { ReadUsage() }); a != 0 {
		t.Errorf("ReadUsage allocates %v times a call", a)
	}
}

func BenchmarkProcessor(b *testing.B) {
	for b.Loop() {
		Processor()
	}
}
