package matrix

import (
	"fmt"
	"strings"

	"github.com/deflatelab/deflatelab/deflate"
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

// Generation is the zlib-ng generation the plan's hosts run (Plan.ZlibNG, or LegacyZlibNG for a plan
// recorded before the field).
func (p Plan) Generation() string { return ZlibNGOf(p.ZlibNG) }

// GenerationWords names a generation and the .NET it stands for, as every page and cells.json say it:
// "zlib-ng 2.2.5 (.NET 10 and later)". A value the engine does not know is named as recorded.
func GenerationWords(g string) string {
	gen, err := deflate.ParseGeneration(g)
	if err != nil {
		return "zlib-ng " + g + " (a generation this lab does not know)"
	}
	return gen.Description()
}

// checkZlibNG validates a plan's zlibng field: empty (an old plan) or a generation the engine knows.
func checkZlibNG(g string) error {
	if g == "" {
		return nil
	}
	if _, err := deflate.ParseGeneration(g); err != nil {
		return fmt.Errorf("matrix: zlibng: %w", err)
	}
	return nil
}

// generationChoices lists the generations a flag takes with what each stands for: "2.2.5 = zlib-ng 2.2.5
// (.NET 10 and later); 2.2.2 = ...".
func generationChoices() string {
	var parts []string
	for _, g := range deflate.Generations() {
		parts = append(parts, g.String()+" = "+g.Description())
	}
	return strings.Join(parts, "; ")
}
