package procstat

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// userHZ is the unit of /proc/stat's processor times: USER_HZ, fixed at 100 ticks a second in the
// kernel's user-space ABI on every architecture Go builds hosts for (proc(5)).
const userHZ = 100

// hundredNsPerTick converts a /proc/stat tick to Load's 100 ns unit (the unit Windows reports in).
const hundredNsPerTick = 1e7 / userHZ

// ReadLoad reads the 1-minute load average (/proc/loadavg), the system's processor times (/proc/stat's
// aggregate cpu line) and this process's own processor time (getrusage).
func ReadLoad() (Load, error) {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return Load{}, fmt.Errorf("procstat: %w", err)
	}
	l, err := parseLoadavg(string(data))
	if err != nil {
		return Load{}, err
	}
	if data, err = os.ReadFile("/proc/stat"); err != nil {
		return Load{}, fmt.Errorf("procstat: %w", err)
	}
	if l.SystemBusy, l.SystemTotal, l.Steal, err = parseProcStatCPU(string(data)); err != nil {
		return Load{}, err
	}
	l.HasSteal = true
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return Load{}, fmt.Errorf("procstat: getrusage: %w", err)
	}
	l.Own = (ru.Utime.Nano() + ru.Stime.Nano()) / 100
	l.Tick, l.CPUs = hundredNsPerTick, runtime.NumCPU()
	return l, nil
}

// parseLoadavg reads the first field of /proc/loadavg ("0.52 0.58 0.59 1/467 12345").
func parseLoadavg(s string) (Load, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return Load{}, fmt.Errorf("procstat: /proc/loadavg: empty")
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil || v < 0 {
		return Load{}, fmt.Errorf("procstat: /proc/loadavg: first field %q is not a load average", f[0])
	}
	return Load{Avg1: v}, nil
}

// parseProcStatCPU reads /proc/stat's first line, "cpu user nice system idle iowait irq softirq steal
// ...", in ticks, and returns busy (everything but idle and iowait; steal included, since a hypervisor
// taking the processor competes with the sample like any process), total and steal, in 100 ns units.
func parseProcStatCPU(s string) (busy, total, steal int64, err error) {
	line, _, _ := strings.Cut(s, "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return 0, 0, 0, fmt.Errorf("procstat: /proc/stat: first line %.60q is not the aggregate cpu line with 8 times", line)
	}
	var t [8]int64 // user nice system idle iowait irq softirq steal; guest times are inside user and nice
	for i := range t {
		if t[i], err = strconv.ParseInt(f[i+1], 10, 64); err != nil || t[i] < 0 {
			return 0, 0, 0, fmt.Errorf("procstat: /proc/stat: cpu time %q is not a tick count", f[i+1])
		}
	}
	idle := t[3] + t[4]
	for _, v := range t {
		total += v
	}
	return (total - idle) * hundredNsPerTick, total * hundredNsPerTick, t[7] * hundredNsPerTick, nil
}
