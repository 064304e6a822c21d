// Package lifeline ties the life of a process to another's, so that stopping the lab by any of its
// entry points leaves no process behind: a child started with Start dies with its parent (Linux:
// Pdeathsig; Windows: a job object that kills its processes when the parent's handle closes);
// Group starts a command in a process group of its own and stops the whole group, so that
// grandchildren (the test binaries "go test" runs) stop with it; UnderGoRun cancels a context when the
// go command that started this process with "go run" goes away, because "go run" exits on SIGTERM
// without waiting for its child.
package lifeline
