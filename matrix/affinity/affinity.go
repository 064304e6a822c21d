// Package affinity pins the calling process to a set of processors, for duet pairs: control and a
// candidate run at the same time, each on processors of its own (matrix's -pairing duet). It imports
// nothing of the project.
package affinity

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Max is the highest processor number a set may hold (Windows' affinity mask has 64 bits).
const Max = 63

// Parse reads a processor set as "0,1,4": distinct numbers 0..Max, at least one.
func Parse(s string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n > Max {
			return nil, fmt.Errorf("affinity: processor %q: allowed: numbers 0..%d, comma-separated", f, Max)
		}
		if slices.Contains(out, n) {
			return nil, fmt.Errorf("affinity: processor %d given twice", n)
		}
		out = append(out, n)
	}
	return out, nil
}

// Format writes a processor set as Parse reads it.
func Format(cpus []int) string {
	f := make([]string, len(cpus))
	for i, c := range cpus {
		f[i] = strconv.Itoa(c)
	}
	return strings.Join(f, ",")
}

// Pin restricts the calling process - every thread it has, and so every thread they start - to cpus.
func Pin(cpus []int) error {
	if len(cpus) == 0 {
		return fmt.Errorf("affinity: no processors to pin to")
	}
	return pin(cpus)
}
