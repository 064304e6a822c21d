//go:build !cgo

package nativemem

// cgoEnabled says whether this binary was built with cgo, for error messages.
const cgoEnabled = false
