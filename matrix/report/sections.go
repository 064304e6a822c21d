package report

import "io"

// section is one part of the report. Page is the file of the report folder it goes to (readmeFile for
// the first page, which a reader sees first; others are linked from it). Each page is its sections in
// this order, after the page's head (writePageHead). A new section is a file with its writer and one
// line here (its charts, if any, a chart set in chartSets, whose files the section's writer links).
type section struct {
	Name  string
	Page  string
	Write func(io.Writer, *model)
}

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

var sections = []section{
	// The first screen (1400x900) decides: the run in two lines, one line of warnings, the decision table
	// (which variant costs least over a process's lifetime) and the compact verdicts; the context, the
	// A/A check, how to read the decision, the summary chart and every verdict follow.
	{"title", readmeFile, writeTitle},
	{"missing", readmeFile, writeMissing},
	{"run", readmeFile, writeRunLines},
	{"decisions", readmeFile, writeDecisions},
	{"verdict-summary", readmeFile, writeVerdictSummary},
	{"decision-footnotes", readmeFile, writeDecisionFootnotes},
	{"context", readmeFile, writeContext},
	{"aa", readmeFile, writeAA},
	{"decision-notes", readmeFile, writeDecisionNotes},
	{"summary-charts", readmeFile, writeChartsOf(readmeFile)},
	{"verdicts", readmeFile, writeVerdicts},
	{"rounds", readmeFile, writeRounds},
	{"emulated", readmeFile, writeEmulated},
	{"pages", readmeFile, writePageIndex},
	{"unstable", cellsPage, writeUnstable},
	{"elapsed", cellsPage, writeElapsed},
	{"cells-charts", cellsPage, writeChartsOf(cellsPage)},
	{"cells", cellsPage, writeCellStats},
	{"instances", cellsPage, writeInstances},
	{"why", whyPage, writeWhy},
	{"why-counters", whyPage, writeWhyCounters},
	{"why-regimes", whyPage, writeWhyRegimes},
	{"why-charts", whyPage, writeChartsOf(whyPage)},
	{"coldstart", coldStartPage, writeColdStart},
	{"coldstart-charts", coldStartPage, writeChartsOf(coldStartPage)},
	{"capacity", capacityPage, writeCapacity},
	{"capacity-charts", capacityPage, writeChartsOf(capacityPage)},
	{"steadystate", lifetimePage, writeSteadyState},
	{"lifetime", lifetimePage, writeLifetimeCost},
	{"lifetime-charts", lifetimePage, writeChartsOf(lifetimePage)},
	{"original", originalPage, writeOriginal},
	{"banner-full", environmentPage, writeBannerFull},
	{"environment", environmentPage, writeEnvironment},
	{"validity-checks", environmentPage, writeValidityChecks},
	{"detectable", environmentPage, writeDetectable},
	{"calibration", environmentPage, writeCalibration},
}

// pageTitles name the linked pages, in the order the first page lists them.
var pageTitles = []struct{ File, Title, What string }{
	{cellsPage, "Time per operation and per-cell statistics", "every cell's medians, change, interval, p-values and decision"},
	{whyPage, "Why: page faults, allocations, memory, processor time", "what each variant did natively, and what the machine did while it ran (CPU time, context switches, processor changes, state handoffs), per operation"},
	{coldStartPage, "Cold start", "a fresh process's first operations, and when it reaches its warm speed"},
	{capacityPage, "Pool capacity", "pooled at each capacity against control, with the idle memory each holds"},
	{lifetimePage, "Steady state and lifetime cost", "when each process's cost settles, each variant's total over N operations, and the break-even N"},
	{originalPage, "Against the original experiments", "every published figure beside this run's cell"},
	{environmentPage, "Environment, method and raw data", "machines, load, the command that regenerates this report, raw files"},
}

// summarySections are the sections a GitHub step summary gets: the first screen.
var summarySections = []string{"title", "missing", "run", "decisions", "verdict-summary", "decision-footnotes", "context", "aa", "summary-charts", "verdicts"}

// chartSets draw the report's charts, in page order; each returns zero or more charts.
var chartSets = []func(*model) ([]chart, error){
	tradeoffCharts,
	summaryCharts,
	faultsCharts,
	coldStartCharts,
	lifetimeCharts,
}

// writeSections writes the named sections (all when names is nil) of page in order; page "" is every page.
func writeSections(w io.Writer, m *model, names []string, page string) {
	for _, s := range sections {
		if (names == nil || contains(names, s.Name)) && (page == "" || s.Page == page) {
			s.Write(w, m)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
