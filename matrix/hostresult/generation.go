package hostresult

import (
	"fmt"
	"strings"
)

// Generation is a zlib-ng generation whose deflate the engine reproduces, spelled as its version,
// "2.2.5" or "2.2.2", in every flag, environment variable and JSON file. It is a string type so that
// run.json, samples.jsonl, cells.json and report.json read and write the same bytes as when it was a
// plain string. The zero value "" is no generation: a record older than the zlibng field
// (matrix.ZlibNGOf reads it as 2.2.2). Every layer above names it matrix.Generation (an alias): it is
// defined here, not in matrix, because matrix imports hostresult and a result records it. The engine
// has its own deflate.Generation; the host maps between the two in one place (host.ResultGeneration).
type Generation string

const (
	ZlibNG225 Generation = "2.2.5" // .NET 10 and later; the default (deflate.ZlibNG225)
	ZlibNG222 Generation = "2.2.2" // .NET 9's; every record before the zlibng field ran it (deflate.ZlibNG222)
)

// generations are the generations the engine reproduces, the default first (deflate.Generations), each
// with the words pages use for it (deflate.Generation.Description). They are data here so that reading
// a plan or a result does not link the engine; TestResultGeneration (matrix/host) holds them to deflate's.
var generations = []struct {
	g     Generation
	words string
}{
	{ZlibNG225, "zlib-ng 2.2.5 (.NET 10 and later)"},
	{ZlibNG222, "zlib-ng 2.2.2 (.NET 9's generation; .NET 9 ships 2.2.1, whose deflate is the same)"},
}

// Generations lists every generation the engine reproduces, the default first.
func Generations() []Generation {
	out := make([]Generation, len(generations))
	for i, known := range generations {
		out[i] = known.g
	}
	return out
}

// ParseGeneration reads a generation from text (a flag, an environment variable); anything but one of
// Generations, "" included, is an error naming the allowed values.
func ParseGeneration(s string) (Generation, error) {
	if g := Generation(s); g.Valid() {
		return g, nil
	}
	// deflate.ParseGeneration's words after its "deflate: ", so that messages read as they did
	return "", fmt.Errorf("zlib-ng generation %q is not one of %s", s, JoinGenerations(Generations(), ", "))
}

// JoinGenerations spells gs as strings.Join spells strings, for messages and pages.
func JoinGenerations(gs []Generation, sep string) string {
	names := make([]string, len(gs))
	for i, g := range gs {
		names[i] = string(g)
	}
	return strings.Join(names, sep)
}

// Valid reports whether g is one of Generations; "" (no generation recorded) is not.
func (g Generation) Valid() bool {
	for _, known := range generations {
		if known.g == g {
			return true
		}
	}
	return false
}

// Words names the generation and the .NET it stands for, as every page and cells.json say it: "zlib-ng
// 2.2.5 (.NET 10 and later)". A value the engine does not know is named as recorded, so that a page
// about a foreign record still renders.
func (g Generation) Words() string {
	for _, known := range generations {
		if known.g == g {
			return known.words
		}
	}
	return "zlib-ng " + string(g) + " (a generation this lab does not know)"
}
