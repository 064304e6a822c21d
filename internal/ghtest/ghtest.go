// Package ghtest keeps tests away from the files a GitHub Actions step publishes through: the step
// summary, outputs, environment and path files. A test of code that appends to $GITHUB_STEP_SUMMARY
// (the report does) run inside a CI step would otherwise publish what it computed from test data on
// the run's page (issue 29: "pooled faster -44% to -45%" from a test's made-up samples, on every test
// leg's summary). Main, called from a package's TestMain, unsets the variables for the package's tests
// and the processes they start, and fails the test binary if any of the files changed anyway.
package ghtest

import (
	"bytes"
	"fmt"
	"os"
)

// Files are the variables naming the files a step publishes through.
var Files = []string{"GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE"}

// Runner is what Main runs: a *testing.M.
type Runner interface{ Run() int }

// Main runs the package's tests with Files unset, then checks that none of the files they named
// changed: it returns m.Run's status, or 1 naming each changed file.
func Main(m Runner) int {
	type file struct {
		name, path string
		data       []byte
		err        error
	}
	var before []file
	for _, k := range Files {
		if p := os.Getenv(k); p != "" {
			data, err := os.ReadFile(p)
			before = append(before, file{k, p, data, err})
		}
		os.Unsetenv(k)
	}
	code := m.Run()
	for _, f := range before {
		data, err := os.ReadFile(f.path)
		if (err == nil) != (f.err == nil) || !bytes.Equal(data, f.data) {
			fmt.Fprintf(os.Stderr, "FAIL: a test changed $%s (%s): tests must never publish to the GitHub step; %d bytes before, %d after\n",
				f.name, f.path, len(f.data), len(data))
			code = 1
		}
	}
	return code
}
