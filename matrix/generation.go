package matrix

import (
	"fmt"
	"slices"
	"strings"
)

// LegacyZlibNG is the generation of a plan or result without a zlibng field: everything recorded before the
// field existed ran the engine's only generation then, zlib-ng 2.2.2's deflate.
const LegacyZlibNG = "2.2.2"

// DefaultZlibNG is the generation new plans run unless told otherwise (deflate.ZlibNG225): zlib-ng 2.2.5,
// what .NET 10 and later ship and what the original experiments' hosts (dotnet/runtime main in 2026) ran.
const DefaultZlibNG = "2.2.5"

// ZlibNGOf reads a recorded zlibng field: "" (a record older than the field) is LegacyZlibNG.
func ZlibNGOf(field string) string {
	if field == "" {
		return LegacyZlibNG
	}
	return field
}

// generations are the zlib-ng generations the engine reproduces, the default first (deflate.Generations),
// each with the words pages use for it (deflate.Generation.Description). They are data here so that
// reading a plan or a result does not link the engine; TestGenerationsAreTheEngines holds them to
// deflate's.
var generations = []struct{ name, description string }{
	{"2.2.5", "zlib-ng 2.2.5 (.NET 10 and later)"},
	{"2.2.2", "zlib-ng 2.2.2 (.NET 9's generation; .NET 9 ships 2.2.1, whose deflate is the same)"},
}

// Generations lists the generations a plan may name, as deflate.Generation.String spells them, the
// default first.
func Generations() []string {
	names := make([]string, len(generations))
	for i, g := range generations {
		names[i] = g.name
	}
	return names
}

// Generation is the zlib-ng generation the plan's hosts run (Plan.ZlibNG, or LegacyZlibNG for a plan
// recorded before the field).
func (p Plan) Generation() string { return ZlibNGOf(p.ZlibNG) }

// GenerationWords names a generation and the .NET it stands for, as every page and cells.json say it:
// "zlib-ng 2.2.5 (.NET 10 and later)". A value the engine does not know is named as recorded.
func GenerationWords(g string) string {
	for _, known := range generations {
		if known.name == g {
			return known.description
		}
	}
	return "zlib-ng " + g + " (a generation this lab does not know)"
}

// CheckZlibNG validates a plan's zlibng field: empty (an old plan) or a generation the engine knows.
func CheckZlibNG(g string) error {
	if g == "" {
		return nil
	}
	if !slices.Contains(Generations(), g) {
		// deflate.ParseGeneration's words, so that the message reads as it did when this called it
		return fmt.Errorf("matrix: zlibng: deflate: zlib-ng generation %q is not one of %s", g, strings.Join(Generations(), ", "))
	}
	return nil
}

// GenerationChoices lists the generations a flag takes with what each stands for: "2.2.5 = zlib-ng 2.2.5
// (.NET 10 and later); 2.2.2 = ...".
func GenerationChoices() string {
	var parts []string
	for _, g := range generations {
		parts = append(parts, g.name+" = "+g.description)
	}
	return strings.Join(parts, "; ")
}
