// Package hostresult is what a host process (cmd/host, package host) says, as data: the Result line
// it prints for one sample, its Calibration and Description, and the names and bounds those carry
// (the phases, the protocol's defaults, MaxDOP, the timeline's bins, the mechanism counters).
//
// It imports nothing of the lab, so that the runner, the results folder and the statistics can read
// what hosts wrote without linking the engine and the variants that host runs. Package host aliases
// every name here, so host.Result and hostresult.Result are one type.
package hostresult
