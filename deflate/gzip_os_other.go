//go:build !windows && !darwin

package deflate

// GzipOSDefault is the gzip header's OS byte on this platform: zlib-ng's OS_CODE default, Unix.
const GzipOSDefault = GzipOSUnix
