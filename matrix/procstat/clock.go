//go:build !windows

package procstat

import "time"

// start anchors Now; time.Since reads the monotonic clock.
var start = time.Now()

// Now returns monotonic nanoseconds since an arbitrary origin fixed for the
// process (here, package initialisation). Only differences are meaningful.
func Now() int64 { return int64(time.Since(start)) }
