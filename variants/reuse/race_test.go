//go:build race

package reuse_test

const raceEnabled = true
