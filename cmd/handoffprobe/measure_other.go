//go:build !linux

package main

import "errors"

func measure(int) (Reading, error) {
	return Reading{}, errors.New("pinning threads to processors is implemented on Linux only")
}
