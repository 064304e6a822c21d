//go:build !amd64

package deflate

import "testing"

// compare256Paths lists compare256's one path here: compare256Words, in Go.
func compare256Paths(testing.TB) []compare256Path {
	return []compare256Path{{"go", func() func() { return func() {} }}}
}
