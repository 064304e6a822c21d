// Package tasks holds the logic behind the mage targets in magefile.go, so that the targets stay one
// line each and everything they do is tested here.
//
// Mage cannot pass "-flag value" after a target name (it reads every word as another target), so the
// targets take their options from DEFLATELAB_* environment variables instead. [FromEnv] reads and
// validates them; [Options.BenchOptions] turns them into the typed options that "lab bench" fills from
// its flags, and the targets call runner.Bench, report.Run and resultsdir.Merge with typed options, as
// cmd/lab does: no argument string is built and parsed again between the two doors.
package tasks
