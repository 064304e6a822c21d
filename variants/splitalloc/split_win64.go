//go:build windows && (amd64 || arm64)

package splitalloc

// splitByDefault: the seed patched zlib-ng under #ifdef _WIN64, which covers Windows x64 and ARM64.
const splitByDefault = true
