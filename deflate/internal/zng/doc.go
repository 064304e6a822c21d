// Package zng is the deflate package's reference for its differential tests: a thin cgo binding to
// zlib-ng's zng_deflateInit2, zng_deflate, zng_deflateReset and zng_deflateEnd, compiled only with the
// build tag zlibng. It links a libz-ng.a that the caller builds from zlib-ng's source and names through
// cgo's environment, never zlib-ng's code itself: zlib-ng 2.2.2, or 2.2.2 with PR #1938's two reverts
// for 2.2.5's deflate (deflate/testdata/README.md); both report version 2.2.2.
//
//	export ZLIBNG_DIR=/path/to/zlib-ng-2.2.5   # ./configure && make libz-ng.a, run there
//	CGO_CFLAGS="-I$ZLIBNG_DIR" CGO_LDFLAGS="$ZLIBNG_DIR/libz-ng.a" \
//	    go test -tags zlibng ./deflate/
//
// The stream and every byte zlib-ng reads or writes live in C memory or are passed for the length of
// one call only, so no Go pointer outlives a cgo call (the cgo pointer rules).
package zng
