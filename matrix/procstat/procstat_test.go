package procstat

import (
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/nativemem"
)

// touch writes one byte in every page of b, so each page is faulted in.
func touch(b []byte) {
	page := os.Getpagesize()
	for i := 0; i < len(b); i += page {
		b[i] = 1
	}
}

// read is Read for tests.
func read(t *testing.T) Snapshot {
	t.Helper()
	s, err := Read()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// faultCounterMissing skips the test where the fault counter is known not
// to be reported: wine leaves PageFaultCount at 0. On real Windows, Linux
// and macOS a zero count fails the test instead.
func faultCounterMissing(t *testing.T, s Snapshot) {
	t.Helper()
	if s.Faults() == 0 && WineVersion() != "" {
		t.Skipf("wine %s reports no PageFaultCount, and this process's Linux /proc entry was not found", WineVersion())
	}
}

func TestFaultsOnTouch(t *testing.T) {
	const pages = 256 // 1 MiB of 4 KiB pages: too small for a transparent huge page
	n := pages * os.Getpagesize()
	a, err := nativemem.Open("pages")
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()           // settle the Go heap so its own faults stay out of the window
	for round := range 3 { // round > 0: freeing and mapping again faults again
		b, err := a.Alloc(n)
		if err != nil {
			t.Fatal(err)
		}
		before := read(t)
		touch(b)
		d := read(t).Sub(before)
		a.Free(b)
		faultCounterMissing(t, before)
		if d.Faults() < pages/2 {
			t.Errorf("round %d: touching %d fresh pages raised faults by %d (minor %d, major %d), want >= %d",
				round, pages, d.Faults(), d.MinorFaults, d.MajorFaults, pages/2)
		}
		t.Logf("round %d: %d pages touched, %d faults", round, pages, d.Faults())
	}
}

func TestResidentGrows(t *testing.T) {
	const size = 32 << 20
	a, err := nativemem.Open("pages")
	if err != nil {
		t.Fatal(err)
	}
	b, err := a.Alloc(size)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Free(b)
	before := read(t)
	touch(b)
	after := read(t)
	d := after.Sub(before)
	t.Logf("before %+v\nafter  %+v", before, after)
	if after.RSS == 0 && runtime.GOOS == "darwin" {
		t.Skip("macOS reports no current RSS")
	}
	if d.RSS < size/2 {
		t.Errorf("RSS grew by %d bytes after touching %d, want >= %d", d.RSS, size, size/2)
	}
	if after.PeakRSS < after.RSS {
		t.Errorf("PeakRSS %d < RSS %d", after.PeakRSS, after.RSS)
	}
	if after.Private != 0 && after.Private < size/2 {
		t.Errorf("Private = %d with %d bytes touched, want >= %d", after.Private, size, size/2)
	}
	if after.PeakPrivate != 0 && after.PeakPrivate < after.Private {
		t.Errorf("PeakPrivate %d < Private %d", after.PeakPrivate, after.Private)
	}
}

func TestNow(t *testing.T) {
	prev := Now()
	for range 10000 {
		now := Now()
		if now < prev {
			t.Fatalf("Now went back from %d to %d", prev, now)
		}
		prev = now
	}
	const nap = 20 * time.Millisecond
	start, wall := Now(), time.Now()
	time.Sleep(nap)
	got, want := time.Duration(Now()-start), time.Since(wall)
	// Both clocks measure the same nap; they must agree within a factor of 2
	// (a coarse clock or a wrong tick conversion is off by far more).
	if got < want/2 || got > want*2 {
		t.Errorf("Now advanced %v over a nap time.Since measured as %v", got, want)
	}
}

func TestTicksToNanos(t *testing.T) {
	tests := []struct{ c, freq, want int64 }{
		{0, 10_000_000, 0},
		{1, 10_000_000, 100},
		{10_000_000, 10_000_000, 1e9},
		{123_456_789, 3_000_000_000, 41_152_263},
		// 100 days of uptime at 10 MHz: c*1e9 overflows int64, the split does not.
		{86_400_000_000_000, 10_000_000, 8_640_000_000_000_000},
	}
	for _, tt := range tests {
		if got := ticksToNanos(tt.c, tt.freq); got != tt.want {
			t.Errorf("ticksToNanos(%d, %d) = %d, want %d", tt.c, tt.freq, got, tt.want)
		}
	}
}

func TestDescribe(t *testing.T) {
	cpu, osv := CPUModel(), OSVersion()
	if cpu == "" || osv == "" {
		t.Errorf("CPUModel() = %q, OSVersion() = %q, want both non-empty", cpu, osv)
	}
	t.Logf("cpu %q, os %q", cpu, osv)
}

// Hosts read the clock around every operation and the counters around
// every phase; neither may add Go allocations to what they measure.
func TestReadAndNowDoNotAllocate(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { Now() }); n != 0 {
		t.Errorf("Now: %v allocations per call, want 0", n)
	}
	if WineVersion() != "" {
		t.Skip("under wine, Read takes the fault counts from a Linux /proc file; only Now must not allocate")
	}
	if n := testing.AllocsPerRun(100, func() { Read() }); n != 0 {
		t.Errorf("Read: %v allocations per call, want 0", n)
	}
}
