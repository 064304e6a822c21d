package tasks_test

import (
	"fmt"

	"github.com/deflatelab/deflatelab/internal/tasks"
)

// The mage targets turn DEFLATELAB_* variables into lab bench's options, shown here as its flags.
func ExampleFromEnv() {
	env := map[string]string{
		tasks.EnvProfile: "smoke",
		tasks.EnvDOPs:    "1,8",
	}
	o, err := tasks.FromEnv(func(k string) string { return env[k] })
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(o.BenchOptions("results/run").Args())

	env[tasks.EnvDOPs] = "0"
	_, err = tasks.FromEnv(func(k string) string { return env[k] })
	fmt.Println(err)
	// Output:
	// [-profile smoke -out results/run -dops 1,8]
	// DEFLATELAB_DOPS="0": DOP 0 is outside 1..1024 (the bound keeps a host's native memory near 350 MiB); or auto (this machine's processors)
}
