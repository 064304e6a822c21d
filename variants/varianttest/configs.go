package varianttest

import "github.com/deflatelab/deflatelab/deflate"

// harnessLevels, harnessWindowBits and harnessMemLevels span what changes a state's shape or its
// algorithm: stored (0), greedy (1), lazy (4, 6, 9); the smallest, a middle and the largest window in
// each framing; the smallest memLevel and the three .NET uses (7, 8) or allows (9).
var (
	harnessLevels     = []int{0, 1, 4, 6, 9}
	harnessWindowBits = []int{-9, -12, -15, 9, 15, 25, 31}
	harnessMemLevels  = []int{1, 7, 8, 9}
)

// HarnessConfigs is the contract harness's cross product of levels, windowBits and memLevels, with the
// strategy rotating through all five so that each strategy meets every level and framing.
func HarnessConfigs() []deflate.Config {
	strategies := deflate.Strategies()
	var out []deflate.Config
	for _, l := range harnessLevels {
		for _, w := range harnessWindowBits {
			for _, m := range harnessMemLevels {
				s := strategies[len(out)%len(strategies)]
				out = append(out, deflate.Config{Level: l, WindowBits: w, MemLevel: m, Strategy: s})
			}
		}
	}
	return out
}

// AllConfigs is every level (-1..9) x every strategy x windowBits of each framing at its smallest and
// largest window x memLevels 1, 8 and 9: the equality suite's configurations.
func AllConfigs() []deflate.Config {
	var out []deflate.Config
	for l := -1; l <= 9; l++ {
		for _, s := range deflate.Strategies() {
			for _, w := range []int{-9, -15, 9, 15, 25, 31} {
				for _, m := range []int{1, 8, 9} {
					out = append(out, deflate.Config{Level: l, WindowBits: w, MemLevel: m, Strategy: s})
				}
			}
		}
	}
	return out
}
