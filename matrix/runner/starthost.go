package runner

import (
	"os/exec"
	"syscall"

	"github.com/deflatelab/deflatelab/internal/lifeline"
)

// startHost starts a host so that it dies with the runner, however the runner dies (kill -9 included),
// so no orphaned host keeps competing for the processors with a resumed run: Linux sends it SIGKILL
// (Pdeathsig), Windows ends it with the runner's job object (lifeline.Start).
func startHost(cmd *exec.Cmd) error { return lifeline.Start(cmd, syscall.SIGKILL) }
