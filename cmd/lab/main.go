// Command lab runs the experiment's two library entry points from the command line:
//
//	lab bench [flags]   run the matrix on this machine (matrix.BenchMain; lab bench -h lists the flags)
//	lab report [flags]  render a report from results files (report.Main; lab report -h)
//
// The mage targets call the same two functions, so both ways in behave alike.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
