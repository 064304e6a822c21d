package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/internal/tasks"
)

// The same bad setting through either door - lab bench's flag, or the mage targets' variable - exits
// with the same status and the same words (runner.Settings checks both); mage no longer drops a
// duplicate silently (issue 37 item 3).
func TestLabAndMageRefuseAlike(t *testing.T) {
	for _, tt := range []struct{ flag, env, value string }{
		{"-dops", tasks.EnvDOPs, "1,1"},
		{"-dops", tasks.EnvDOPs, "0"},
		{"-dops", tasks.EnvDOPs, "2000"},
		{"-dops", tasks.EnvDOPs, "x"},
		{"-variants", tasks.EnvVariants, "control,control"},
		{"-variants", tasks.EnvVariants, "pooled,splitalloc"},
		{"-variants", tasks.EnvVariants, "control,fast"},
		{"-workloads", tasks.EnvWorkloads, "fixed,fixed"},
		{"-workloads", tasks.EnvWorkloads, "random"},
	} {
		var stderr bytes.Buffer
		labCode := run([]string{"bench", tt.flag, tt.value}, &bytes.Buffer{}, &stderr)
		labMsg, _, _ := strings.Cut(stderr.String(), "\n")
		labMsg = strings.TrimPrefix(labMsg, "lab bench: "+tt.flag+": ") // a flag's own check names it (-dops)
		core, ok := strings.CutPrefix(strings.TrimPrefix(labMsg, "lab bench: "), "matrix: ")
		if !ok {
			t.Errorf("lab bench %s %s: %q, want a matrix check's refusal", tt.flag, tt.value, labMsg)
			continue
		}
		_, err := tasks.FromEnviron([]string{tt.env + "=" + tt.value})
		var exit interface{ ExitStatus() int }
		if !errors.As(tasks.Exit(context.Background(), err), &exit) {
			t.Fatalf("%s=%s: no exit status (err %v)", tt.env, tt.value, err)
		}
		if exit.ExitStatus() != labCode || !strings.HasPrefix(err.Error(), tt.env+"=") || !strings.Contains(err.Error(), core) {
			t.Errorf("%s %s: lab exits %d with %q; %s=%s exits %d with %q; want the same status and words",
				tt.flag, tt.value, labCode, core, tt.env, tt.value, exit.ExitStatus(), err)
		}
	}
}
