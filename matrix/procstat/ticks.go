package procstat

// ticksToNanos converts a count of ticks at freq per second to nanoseconds
// without overflowing: c*1e9 would overflow int64 after about 15 minutes of
// uptime at 10 MHz, so whole seconds and the remainder convert separately.
func ticksToNanos(c, freq int64) int64 {
	const nsPerSec = 1e9
	return c/freq*nsPerSec + c%freq*nsPerSec/freq
}
