//go:build !unix && !windows

package main

// lockFile does nothing where the lab does not run: there, two targets at once may still collide.
func lockFile(string) (func(), error) { return func() {}, nil }
