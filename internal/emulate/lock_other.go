//go:build !unix

package emulate

// lockDir does nothing where wine does not run: no prefix is ever built.
func lockDir(string) (unlock func(), err error) { return func() {}, nil }
