//go:build !(windows && (amd64 || arm64))

package splitalloc

// splitByDefault: outside _WIN64 the seed left zlib-ng's consolidated allocation unchanged.
const splitByDefault = false
