package report

import "io"

// section is one part of the report page. The page is the sections in this order; a new section is a
// file with its writer and one line here (its charts, if any, one line in chartSets).
type section struct {
	Name  string
	Write func(io.Writer, *model)
}

var sections = []section{
	{"title", writeTitle},
	{"banner", writeBanner},
	{"verdicts", writeVerdicts},
	{"decisions", writeDecisions},
	{"emulated", writeEmulated},
	{"elapsed", writeElapsed},
	{"cells", writeCellStats},
	{"why", writeWhy},
	{"coldstart", writeColdStart},
	{"capacity", writeCapacity},
	{"steadystate", writeSteadyState},
	{"lifetime", writeLifetimeCost},
	{"original", writeOriginal},
	{"charts", writeCharts},
	{"environment", writeEnvironment},
}

// summarySections are the sections a GitHub step summary gets: the first screen and the elapsed tables.
var summarySections = []string{"title", "banner", "verdicts", "elapsed"}

// chartSets draw the report's charts, in page order; each returns zero or more charts.
var chartSets = []func(*model) ([]chart, error){
	tradeoffCharts,
	summaryCharts,
	faultsCharts,
	coldStartCharts,
	lifetimeCharts,
}

// writeSections writes the named sections (all when names is nil) in page order.
func writeSections(w io.Writer, m *model, names []string) {
	for _, s := range sections {
		if names == nil || contains(names, s.Name) {
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
