// Package tasks holds the logic behind the mage targets in magefile.go, so that the targets stay one
// line each and everything they do is tested here.
//
// Mage cannot pass "-flag value" after a target name (it reads every word as another target), so the
// targets take their options from DEFLATELAB_* environment variables instead. [FromEnv] reads and
// validates them; [Options.BenchArgs] turns them into the same flags that "lab bench" accepts, so the
// mage targets, the command line and the GitHub workflow all reach runner.BenchMain the same way.
package tasks
