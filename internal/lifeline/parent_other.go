//go:build !unix && !windows

package lifeline

import "errors"

var errParentGone = errors.New("the go command that started this process has exited")

// parentGone never closes where the parent cannot be watched.
func parentGone() <-chan struct{} { return make(chan struct{}) }
