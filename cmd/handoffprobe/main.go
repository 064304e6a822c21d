// Command handoffprobe measures what it costs a processor to work through a block that another processor
// wrote last, against one it wrote itself: the cost the pooled variant pays when a worker takes an idle
// state last used on the other processor (a handoff, host.Counters.Handoffs). It repeats the measurement
// at an interval and prints one line per reading, so that a machine whose cross-processor cost changes
// over time (a virtual machine whose processors the hypervisor places differently) shows two levels.
//
//	handoffprobe -readings 200 -every 3s
//
// Each reading pins two threads to processors 0 and 1 and touches every 64-byte line of a 342 KiB block
// (a deflate state's size): first passes on processor 0 alone, then passes alternating between the two.
// It prints the median pass of each. Linux only (it pins with sched_setaffinity).
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

// blockSize is the native deflate state's size, whose lines a handoff moves between caches.
const blockSize = 342 * 1024

// Reading is one measurement: the median pass over the block on the processor that wrote it last, and
// on the other one.
type Reading struct {
	At          time.Time
	Same, Other time.Duration
}

func main() {
	readings := flag.Int("readings", 200, "how many readings to take")
	every := flag.Duration("every", 3*time.Second, "pause between readings")
	passes := flag.Int("passes", 400, "passes over the block per reading and mode")
	flag.Parse()
	for i := range *readings {
		r, err := measure(*passes)
		if err != nil {
			fmt.Fprintln(os.Stderr, "handoffprobe:", err)
			os.Exit(1)
		}
		fmt.Printf("%s same processor %6.2f us, after the other %6.2f us, ratio %.2f\n", r.At.UTC().Format(time.RFC3339),
			us(r.Same), us(r.Other), r.Other.Seconds()/r.Same.Seconds())
		if i < *readings-1 {
			time.Sleep(*every)
		}
	}
}

func us(d time.Duration) float64 { return d.Seconds() * 1e6 }
