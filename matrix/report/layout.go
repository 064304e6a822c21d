package report

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// The layout of a report folder is the table pages below, and nothing else: each page's file, title,
// the line the first page's index gives it, its sections in order, its charts, and the headings on it
// that links name. The page index (writePageIndex), the charts drawn and where they are shown (charts,
// chartPage), the step summary and the emulated-only page (layout) and every link to a heading
// (pageLink) are read from it. A new page is a file-name constant and one entry here, and the files of
// its sections; a new section is a file with its writer and one line in its page's entry.

// page is one file of the report folder.
type page struct {
	File     string
	Title    string    // the linked page's title; "" for readmeFile, whose title is the report's (writeTitle)
	What     string    // what the first page's index says the page holds
	Sections []section // in this order, after the page's head (writePageHead)
	// Charts are the chart sets drawn for this page (a set may draw a neighbour's charts too:
	// coldStartCharts draws the capacity page's) and ChartFiles the file-name prefixes of the charts it
	// shows (chartPage).
	Charts     []chartSet
	ChartFiles []string
	Anchors    []string // headings of this page that links name (pageLink)
}

// section is one part of a page. Also names the shorter layouts it is part of besides the full report.
type section struct {
	Name  string
	Write func(io.Writer, *model)
	Also  layout
}

// layout is a set of shorter renderings of the report, each keeping the sections marked with it.
type layout uint8

const (
	inSummary  layout = 1 << iota // a GitHub step summary: the first screen
	inEmulated                    // a run whose every sample was emulated: nothing was measured (pageLayout)
)

// full is the whole report; as a section's Also, it is in no shorter layout.
const full layout = 0

// Pages of a report folder besides readmeFile.
const (
	cellsPage       = "cells.md"
	whyPage         = "why.md"
	coldStartPage   = "coldstart.md"
	capacityPage    = "capacity.md"
	originalPage    = "original.md"
	environmentPage = "environment.md"
	lifetimePage    = "lifetime.md"
)

// pages is set in init because some of its writers read it (writePageIndex, writeChartsOf), and a
// package-level initializer may not refer to itself.
var pages []page

func init() {
	pages = []page{
		// The first screen (1400x900) decides: the run in two lines, one line of warnings, the decision table
		// (which variant costs least over a process's lifetime) and the compact verdicts; the context, the
		// A/A check, how to read the decision, the summary chart and every verdict follow.
		{File: readmeFile, Sections: []section{
			{"title", writeTitle, inSummary | inEmulated},
			{"missing", writeMissing, inSummary},
			{"run", writeRunLines, inSummary},
			{"decisions", writeDecisions, inSummary},
			{"verdict-summary", writeVerdictSummary, inSummary},
			{"decision-footnotes", writeDecisionFootnotes, inSummary},
			{"context", writeContext, inSummary},
			{"aa", writeAA, inSummary},
			{"decision-notes", writeDecisionNotes, full},
			{"summary-charts", writeChartsOf(readmeFile), inSummary},
			{"verdicts", writeVerdicts, inSummary},
			{"rounds", writeRounds, full},
			{"emulated", writeEmulated, inEmulated},
			{"pages", writePageIndex, full},
		}, Charts: []chartSet{summaryCharts}, ChartFiles: []string{"summary-"}, Anchors: []string{verdictsHeading, decisionNotesHeading}},

		{File: cellsPage, Title: "Time per operation and per-cell statistics",
			What: "every cell's medians, change, interval, p-values and decision", Sections: []section{
				{"unstable", writeUnstable, full},
				{"elapsed", writeElapsed, full},
				{"cells-charts", writeChartsOf(cellsPage), full},
				{"cells", writeCellStats, full},
				{"instances", writeInstances, full},
			}, Charts: []chartSet{tradeoffCharts}, ChartFiles: []string{"tradeoff-"}, Anchors: []string{unstableHeading, elapsedHeading, cellStatsHeading}},

		{File: whyPage, Title: "Why: page faults, allocations, memory, processor time",
			What: "what each variant did natively, and what the machine did while it ran (CPU time, context switches, processor changes, state handoffs), per operation", Sections: []section{
				{"why", writeWhy, full},
				{"why-counters", writeWhyCounters, full},
				{"why-regimes", writeWhyRegimes, full},
				{"service-heap", writeServiceHeap, full},
				{"service-heap-change", writeServiceHeapChange, full},
				{"why-charts", writeChartsOf(whyPage), full},
			}, Charts: []chartSet{faultsCharts}, ChartFiles: []string{"faults-"}},

		{File: coldStartPage, Title: "Cold start",
			What: "a fresh process's first operations, and when it reaches its warm speed", Sections: []section{
				{"coldstart", writeColdStart, full},
				{"coldstart-charts", writeChartsOf(coldStartPage), full},
			}, Charts: []chartSet{coldStartCharts}, ChartFiles: []string{"timeline-"}},

		{File: capacityPage, Title: "Pool capacity",
			What: "pooled at each capacity against control, with the idle memory each holds", Sections: []section{
				{"capacity", writeCapacity, full},
				{"reuse-bound", writeReuseBound, full},
				{"capacity-charts", writeChartsOf(capacityPage), full},
			}, ChartFiles: []string{"capacity-"}, Anchors: []string{reuseBoundHeading}}, // drawn with the cold-start charts (newColdStart)

		{File: lifetimePage, Title: "Steady state and lifetime cost",
			What: "when each process's cost settles, each variant's total over N operations, and the break-even N", Sections: []section{
				{"steadystate", writeSteadyState, full},
				{"lifetime", writeLifetimeCost, full},
				{"lifetime-charts", writeChartsOf(lifetimePage), full},
			}, Charts: []chartSet{lifetimeCharts}, ChartFiles: []string{"lifetime-"}},

		{File: originalPage, Title: "Against the original experiments",
			What: "every published figure beside this run's cell", Sections: []section{
				{"original", writeOriginal, full},
			}},

		{File: environmentPage, Title: "Environment, method and raw data",
			What: "machines, load, the command that regenerates this report, raw files", Sections: []section{
				{"banner-full", writeBannerFull, full},
				{"environment", writeEnvironment, inEmulated},
				{"validity-checks", writeValidityChecks, full},
				{"detectable", writeDetectable, full},
				{"calibration", writeCalibration, full},
			}, Anchors: []string{weakEvidenceHeading, validityHeading, detectableHeading, calibrationHeading}},
	}
}

// chartSet draws some of a report's charts: zero or more.
type chartSet func(*model) ([]chart, error)

// linkedPages are the pages besides readmeFile, in the order the first page lists them.
func linkedPages() []page { return pages[1:] }

// findPage is the page of file, and whether there is one.
func findPage(file string) (page, bool) {
	i := slices.IndexFunc(pages, func(p page) bool { return p.File == file })
	if i < 0 {
		return page{}, false
	}
	return pages[i], true
}

// chartPage is the page a chart file belongs on, by the prefix of its name; environmentPage for a kind
// no page lists.
func chartPage(file string) string {
	for _, p := range pages {
		for _, prefix := range p.ChartFiles {
			if strings.HasPrefix(file, prefix) {
				return p.File
			}
		}
	}
	return environmentPage
}

// pageLink is the target of a link to heading on page ("cells.md#unstable-cells"); page "" is the page
// the link is written on ("#verdicts"), heading "" the page itself. The heading must be one of the
// page's Anchors: a link to a page or heading the table does not hold is a mistake in the code, not in
// the data, so it panics and every test that writes the link fails (TestPagesTable checks the table's own).
func pageLink(file, heading string) string {
	if heading == "" {
		if _, ok := findPage(file); !ok {
			panic(fmt.Sprintf("report: link to %q: no such page", file))
		}
		return file
	}
	for _, p := range pages {
		if (file == "" || p.File == file) && slices.Contains(p.Anchors, heading) {
			return file + "#" + githubAnchor(heading)
		}
	}
	panic(fmt.Sprintf("report: link to %q on %q: no such page or anchor", heading, file))
}

// writeSections writes the sections of page that are part of l (every one when l is full), in order.
func writeSections(w io.Writer, m *model, l layout, file string) {
	p, _ := findPage(file)
	for _, s := range p.Sections {
		if l == full || s.Also&l != 0 {
			s.Write(w, m)
		}
	}
}
