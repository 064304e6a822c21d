// Package probe measures give-back thresholds: Measure runs one giveback.Spec in this process on a
// nativemem backend, reading procstat's fault counter around each allocation and touch; Serve is a
// probe process's whole work (a spec in, a trace as JSON out); Run starts one fresh probe process per
// point and repeat and gathers their traces into a giveback.Result. Each point gets fresh processes
// because allocators adapt to what they saw (glibc raises its mmap threshold at the first free of a
// mapped block), so one point measured after another would measure the order.
package probe
