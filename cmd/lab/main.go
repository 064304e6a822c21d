// Command lab runs the experiment's library entry points from the command line:
//
//	lab bench [flags]   run the matrix on this machine (runner.Bench; lab bench -h lists the flags)
//	lab merge -out DIR RESULTS...  merge results folders of one plan and build (resultsdir.Merge)
//	lab report [flags]  render a report from results files (report.Run; lab report -h)
//	lab replay [flags]  replay a fixed-design run under adaptive stopping, with an A/A simulation
//	                    (replay.Run; lab replay -h)
//	lab aanull [flags]  the A/A label-swap null of results, per family (aanull.Run; lab aanull -h)
//	lab compare -old A -new B  verdicts that changed from one report to another (compare.Run)
//	lab pairnoise RESULTS...  per-pair noise and detectable change per runner-minute (pairnoise.Run)
//	lab thresholds [-out DIR]  each backend's give-back thresholds: faults per page of a freed block allocated again (probe.Run)
//	lab plan -pilot RESULTS -change 5% -minutes 60  a plan sized from a pilot's variance components (plan.Run)
//
// Every command parses its flags here (one file each: bench.go, report.go, merge.go, ...) into the typed
// options of a library function; no library package defines a flag set. The mage targets (internal/tasks)
// fill the same options from DEFLATELAB_* variables and call the same functions, so both ways in behave
// alike.
package main

import (
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
