package runner

import (
	"os"
	"runtime"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/procstat"
)

// CurrentMachine describes this machine.
func CurrentMachine() *matrix.Machine {
	host, _ := os.Hostname()
	return &matrix.Machine{Hostname: host, Runner: os.Getenv("RUNNER_NAME"), CPU: procstat.CPUModel(), Processors: runtime.NumCPU()}
}
