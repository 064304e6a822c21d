package hostresult

// Description is what a host binary prints for -describe: what it can run, so that a runner can check a
// plan against the real binaries before it starts any sample.
type Description struct {
	Variant        string   `json:"variant"`
	Backends       []string `json:"backends"`       // allocator backends available in this build
	DefaultBackend string   `json:"defaultBackend"` // nativemem.Default() in this build
	Workloads      []string `json:"workloads"`
	// Generations are the zlib-ng generations the binary's -zlibng takes; empty from hosts built before
	// the flag existed (they ran 2.2.2 only).
	Generations []Generation `json:"generations,omitempty"`
	Commit      string       `json:"commit,omitempty"`
	// Platform is goos/goarch of the binary itself (runtime.GOOS/GOARCH): what it is, whatever the
	// machine or emulator runs it. Empty from hosts built before the field existed.
	Platform string `json:"platform,omitempty"`
	// Layout is the link layout seed the binary was built with (-randlayout, matrix.HostBuild), 0 for the
	// linker's own order and from hosts built before the field existed.
	Layout int64 `json:"layout,omitempty"`
}
