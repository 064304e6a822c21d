package hostresult

// MaxDOP bounds the goroutines of one host process. Each worker holds up to one live native state
// (~342 KiB) and its own buffers, so 1024 caps a host near 350 MiB of native memory: 85 times the
// largest DOP the experiment uses (12), and far below what an unbounded -dop took (300,000 workers:
// 5.0 GB resident).
const MaxDOP = 1024
