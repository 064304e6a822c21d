package nativemem

import (
	"fmt"
	"runtime"
	"strings"
)

// names lists every backend the package knows, in a fixed order: portable
// first, then the platform-specific ones.
var names = []string{"goheap", "pages", "privateheap", "crt", "libc"}

// needs says, for each backend, which builds provide it; Open quotes it when
// the backend is absent from this one.
var needs = map[string]string{
	"goheap":      "any platform",
	"pages":       "linux, darwin or windows",
	"privateheap": "windows",
	"crt":         "windows (ucrtbase.dll)",
	"libc":        "linux or darwin, built with cgo (CGO_ENABLED=1 and a C compiler)",
}

// openers holds the backends this build provides, filled by each backend
// file's init.
var openers = map[string]func() (Allocator, error){}

func register(name string, open func() (Allocator, error)) { openers[name] = open }

// Names lists every backend the package knows, available in this build or not.
func Names() []string { return append([]string(nil), names...) }

// Available lists the backends this build on this platform provides, in the
// order of Names.
func Available() []string {
	var out []string
	for _, n := range names {
		if _, ok := openers[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

// Default names the backend .NET 10's zlib-ng uses on this platform: the
// private heap on Windows, the C library's allocator on Unix when cgo is
// available (else whole pages), the Go heap elsewhere.
func Default() string {
	switch runtime.GOOS {
	case "windows":
		return "privateheap"
	case "linux", "darwin":
		if _, ok := openers["libc"]; ok {
			return "libc"
		}
		return "pages"
	}
	return "goheap"
}

// Open returns the backend called name. An unknown name, or one this build
// does not provide, is an error that lists the available backends.
func Open(name string) (Allocator, error) {
	avail := strings.Join(Available(), ", ")
	need, known := needs[name]
	if !known {
		return nil, fmt.Errorf("nativemem: unknown backend %q; available: %s", name, avail)
	}
	open, ok := openers[name]
	if !ok {
		return nil, fmt.Errorf("nativemem: backend %q is not in this build (%s/%s, cgo=%v): it needs %s; available: %s",
			name, runtime.GOOS, runtime.GOARCH, cgoEnabled, need, avail)
	}
	return open()
}
