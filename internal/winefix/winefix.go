// Package winefix lets the Windows test binaries of packages that remove files run under wine: imported
// for its side effect by those packages' tests. Built with the tag winefallback (internal/emulate adds
// it, with -ldflags=-checklinkname=0, for the windows/amd64 runs under wine), it makes os.Remove and
// os.RemoveAll take the deletion path Go keeps for Windows before 10 1607 and for file systems without
// POSIX deletion (internal/syscall/windows.TestDeleteatFallback): wine 8.0 answers Go 1.26's
// FileDispositionInformationEx with "Invalid function", which Go does not fall back from, so every
// t.TempDir cleanup failed. Without the tag it does nothing: on Windows itself the code runs as shipped.
package winefix
