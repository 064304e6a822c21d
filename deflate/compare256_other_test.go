//go:build !amd64

package deflate

import "testing"

// compare256Impls lists compare256's implementations here: the Go words (compare256 itself).
func compare256Impls(testing.TB) []compare256Impl {
	return []compare256Impl{{"words", compare256Words}}
}
