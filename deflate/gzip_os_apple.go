//go:build darwin

package deflate

// GzipOSDefault is the gzip header's OS byte on this platform: zlib-ng's OS_CODE for __APPLE__ (macOS,
// and iOS, whose GOOS implies the darwin tag).
const GzipOSDefault = 19
