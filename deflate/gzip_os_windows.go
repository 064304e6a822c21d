package deflate

// GzipOSDefault is the gzip header's OS byte on this platform: zlib-ng's OS_CODE for _WIN32 (NTFS).
const GzipOSDefault = GzipOSWindows
