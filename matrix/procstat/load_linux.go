package procstat

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ReadLoad reads the 1-minute load average from /proc/loadavg.
func ReadLoad() (Load, error) {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return Load{}, fmt.Errorf("procstat: %w", err)
	}
	return parseLoadavg(string(data))
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
