//go:build ignore

// gen writes the hand-made results files the golden test reads. The data are invented (a fixed seed, a
// few chosen effects, a few chosen defects); run it only to change the fixture, then regenerate the
// golden files (see README.md).
//
//	go run gen.go
package main

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

type effect struct{ cold, warm float64 } // candidate/control ratios

func main() {
	rng := rand.New(rand.NewPCG(1, 2))
	platforms := []struct {
		file, run, backend string
		env                hostresult.Env
	}{
		{"results-windows-amd64.jsonl", "20261130T031500Z-windows-amd64", "privateheap", hostresult.Env{GOOS: "windows", GOARCH: "amd64", GOMAXPROCS: 4, NumCPU: 4,
			CPU: "AMD EPYC 7763 64-Core Processor", OS: "Windows Server 2022 10.0.20348", GoVersion: "go1.26.8", Commit: "0123abc", Runner: "windows-latest"}},
		{"results-linux-arm64.jsonl", "20261130T032000Z-linux-arm64", "pages", hostresult.Env{GOOS: "linux", GOARCH: "arm64", GOMAXPROCS: 4, NumCPU: 4,
			CPU: "Neoverse-N2", OS: "Linux 6.8.0-1017-azure", GoVersion: "go1.26.8", Commit: "0123abc", Runner: "ubuntu-24.04-arm"}},
	}
	effects := map[string]map[string]effect{
		"pooled":     {"fixed": {1.02, 0.56}, "mixed": {1.01, 1.28}},
		"splitalloc": {"fixed": {1.31, 0.73}, "mixed": {1.30, 0.83}},
	}
	rows := []struct {
		workload string
		dop      int
		cold     float64 // control ms
		warm     float64
	}{{"fixed", 1, 144, 885}, {"fixed", 8, 103, 288}, {"mixed", 4, 97, 256}}
	variants := []string{"control", "pooled", "splitalloc"}
	for _, p := range platforms {
		f, err := os.Create(p.file)
		if err != nil {
			panic(err)
		}
		enc := json.NewEncoder(f)
		for _, r := range rows {
			for _, phase := range []string{"cold", "warm"} {
				cell := matrix.Cell{Platform: p.env.Platform(), Workload: r.workload, DOP: r.dop, Phase: phase, Backend: p.backend}
				rounds := 6
				if p.env.GOOS == "linux" && r.workload == "fixed" && r.dop == 1 && phase == "cold" {
					rounds = 3 // a cell too thin for an interval
				}
				h := fnv.New64a()
				fmt.Fprint(h, cell)
				digest := fmt.Sprintf("%016x", h.Sum64())
				for round := range rounds {
					for i := range variants {
						pos := i
						v := variants[(i+round)%len(variants)] // rotated order
						s := matrix.Sample{Run: p.run, Cell: cell, Variant: v, Round: round, Position: pos, OK: true}
						if p.env.GOOS == "windows" && r.workload == "fixed" && r.dop == 8 && phase == "cold" && v == "pooled" && round == 2 {
							s.OK, s.Error, s.ExitStatus, s.StderrTail = false, "host: exit status 2", 2, "fatal error: out of memory"
							enc.Encode(s)
							continue
						}
						ms, ops, warmup := r.cold, 3000, 0
						if phase == "warm" {
							ms, ops, warmup = r.warm, 20000, 2000
						}
						if e, ok := effects[v][r.workload]; ok {
							ms *= map[string]float64{"cold": e.cold, "warm": e.warm}[phase]
						}
						ms *= 1 + 0.06*(rng.Float64()-0.5)
						res := &hostresult.Result{Variant: v, Backend: p.backend, Workload: r.workload, Phase: phase, DOP: r.dop, Ops: ops, Warmup: warmup,
							Split: v == "splitalloc" && p.env.GOOS == "windows", PayloadSeed: 134700, PayloadSize: 5000, PayloadRandFrac: 0.5,
							ElapsedNs: int64(ms*1000) * 1000, PeakRSS: 40 << 20, GoAllocs: uint64(ops) * 2, GoBytes: uint64(ops) * 96,
							OutputBytes: int64(ops) * 2731, Digest: digest, Env: p.env}
						faults := 9.4
						switch {
						case v == "pooled" && phase == "warm" && r.workload == "fixed":
							faults = 0.033
						case v == "splitalloc" && phase == "cold":
							faults = 11.3
						case v == "splitalloc":
							faults = 6.1
						}
						res.MinorFaults = int64(faults * float64(ops) * (1 + 0.1*(rng.Float64()-0.5)))
						switch v {
						case "control":
							res.NativeAllocs, res.NativeFrees = int64(ops), int64(ops)
						case "splitalloc":
							res.NativeAllocs, res.NativeFrees = 2*int64(ops), 2*int64(ops)
						case "pooled":
							misses := int64(8)
							if r.workload == "mixed" {
								misses = int64(ops) / 3
							}
							res.NativeAllocs, res.NativeFrees, res.NativeResets = misses, misses-8, int64(ops)-misses
							res.PoolHits, res.PoolMisses, res.PoolEvictions = int64(ops)-misses, misses, misses-8
							res.IdleBytes = 8 * 350816
							res.GoAllocs, res.GoBytes = 0, 0
						}
						if p.env.GOOS == "linux" && r.workload == "mixed" && phase == "warm" && v == "splitalloc" && round == 1 {
							res.Digest = "ffffffffffffffff" // an output that disagrees with the cell
						}
						// Machine load, without drawing from rng (the figures above stay as they were): quiet
						// except one busy sample per platform.
						if p.env.GOOS == "linux" {
							res.LoadBefore, res.LoadAfter = 1+0.25*float64(round%3), 1.5+0.25*float64(round%3)
							if r.workload == "fixed" && r.dop == 8 && phase == "warm" && round == 4 {
								res.LoadBefore = 5.5 // above the 4 cores
							}
						} else {
							res.OtherCPU = 0.1
							if r.workload == "mixed" && phase == "cold" && round == 3 {
								res.OtherCPU = 1.3 // other processes kept more than a processor busy
							}
						}
						s.WallNs = res.ElapsedNs + 20e6
						s.Result = res
						enc.Encode(s)
					}
				}
			}
		}
		if err := f.Close(); err != nil {
			panic(err)
		}
	}
}
