// Package emulate runs the Windows and arm64 code paths on a Linux x86-64
// machine, through go test's own -exec flag:
//
//   - windows/amd64 under wine64, in a wine prefix of its own (in the user
//     cache directory) that carries a small bcryptprimitives.dll exporting
//     ProcessPrng, which Go 1.22+ needs at startup and wine 8 lacks;
//   - linux/arm64 under qemu-aarch64-static, with cgo off (static binaries);
//   - windows/arm64 vetted and compiled only: nothing here can run it.
//
// Run is the entry point of the test suites (the validate:emulated mage target calls it);
// StartEmulator readies one platform's emulator for the emulated bench (bench:emulated), whose hosts
// run through lab bench -exec: wine in a prefix of the bench's own, with a persistent wineserver and
// the prefix's services started first on /dev/null, so that no host's output pipes outlive it.
// A missing emulator is a printed SKIP line, or an error when Options.Require
// is set. Wine is not Windows: the wine leg proves the Windows code paths
// run and agree, never how fast they are.
package emulate
