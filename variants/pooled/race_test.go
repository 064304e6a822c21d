//go:build race

package pooled_test

const raceEnabled = true
