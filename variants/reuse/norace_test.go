//go:build !race

package reuse_test

const raceEnabled = false
