module github.com/deflatelab/deflatelab

go 1.26.0

// The toolchain CI installs (actions/setup-go reads this line from go-version-file: go.mod) and the one
// GOTOOLCHAIN=auto switches to: the go line above is only the minimum the code needs.
toolchain go1.26.8

// Tools run with `go tool NAME`, pinned here so a fresh clone needs nothing installed:
// mage runs the targets in magefile.go (internal/mage: the pinned upstream mage with a lock around its
// compile step, so that two targets can start at once in one checkout); benchstat reads the
// Go-benchmark-format results.
tool (
	github.com/deflatelab/deflatelab/internal/mage
	golang.org/x/perf/cmd/benchstat
)

require (
	// Student's t distribution and the incomplete gamma and beta functions for combining runner instances
	// (matrix/stats: the moderated combination that decides, Instances.Moderated, and the random-effects
	// description, RandomEffects); already in the build through golang.org/x/perf.
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794
	// A second, independent inflater for the engine's round-trip tests, and the Go baseline in benchmarks.
	github.com/klauspost/compress v1.20.4
	// magefile.go's mg/sh helpers (targets, namespaces, dependencies), and mage itself (internal/mage).
	github.com/magefile/mage v1.17.2
	// Lints the GitHub workflows from a Go test (internal/workflows).
	github.com/rhysd/actionlint v1.7.12
	// benchmath: medians, confidence intervals, Mann-Whitney U; benchfmt: results benchstat can read.
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da
	// OS calls: VirtualAlloc, HeapCreate and friends, QueryPerformanceCounter, mmap, getrusage.
	golang.org/x/sys v0.50.0
	// The trace test's independent t tail (mathext.RegIncBeta: matrix/report); already in the build
	// through gonum.org/v1/plot.
	gonum.org/v1/gonum v0.16.0
	// The reports' SVG charts.
	gonum.org/v1/plot v0.17.0
)

require (
	codeberg.org/go-fonts/liberation v0.5.0 // indirect
	codeberg.org/go-latex/latex v0.2.0 // indirect
	codeberg.org/go-pdf/fpdf v0.11.1 // indirect
	git.sr.ht/~sbinet/gg v0.7.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/bmatcuk/doublestar/v4 v4.10.0 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/fatih/color v1.19.0 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/mattn/go-runewidth v0.0.21 // indirect
	github.com/mattn/go-shellwords v1.0.12 // indirect
	github.com/robfig/cron/v3 v3.0.1 // indirect
	go.yaml.in/yaml/v4 v4.0.0-rc.3 // indirect
	golang.org/x/image v0.46.0 // indirect
	golang.org/x/sync v0.23.0 // indirect
	golang.org/x/text v0.42.0 // indirect
)
