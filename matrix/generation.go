package matrix

import (
	"fmt"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// Generation is the zlib-ng generation whose deflate the hosts' engine reproduces (Plan.ZlibNG,
// hostresult.Result.ZlibNG, cells.json's zlibng). It is hostresult.Generation, where it is defined
// because matrix imports hostresult and a result records it; its constants, Valid and Words are there.
// Text becomes one only through ParseGeneration (flags, environment) or JSON (records, validated by
// Plan.Validate and the results screen), so code past those edges holds a known one or "".
type Generation = hostresult.Generation

// LegacyZlibNG is the generation of a plan or result without a zlibng field: everything recorded before the
// field existed ran the engine's only generation then, zlib-ng 2.2.2's deflate.
const LegacyZlibNG = hostresult.ZlibNG222

// DefaultZlibNG is the generation new plans run unless told otherwise (deflate.ZlibNG225): zlib-ng 2.2.5,
// what .NET 10 and later ship and what the original experiments' hosts (dotnet/runtime main in 2026) ran.
const DefaultZlibNG = hostresult.ZlibNG225

// ParseGeneration reads a generation from a flag or an environment variable; the error names the
// allowed values.
func ParseGeneration(s string) (Generation, error) { return hostresult.ParseGeneration(s) }

// Generations lists the generations a plan may name, the default first.
func Generations() []Generation { return hostresult.Generations() }

// ZlibNGOf reads a recorded zlibng field: "" (a record older than the field) is LegacyZlibNG.
func ZlibNGOf(field Generation) Generation {
	if field == "" {
		return LegacyZlibNG
	}
	return field
}

// Generation is the zlib-ng generation the plan's hosts run (Plan.ZlibNG, or LegacyZlibNG for a plan
// recorded before the field).
func (p Plan) Generation() Generation { return ZlibNGOf(p.ZlibNG) }

// CheckZlibNG validates a plan's zlibng field: empty (an old plan) or a generation the engine knows.
func CheckZlibNG(g Generation) error {
	if g == "" {
		return nil
	}
	if _, err := ParseGeneration(string(g)); err != nil {
		// "deflate: " because the message reads as it did when this called deflate.ParseGeneration
		return fmt.Errorf("matrix: zlibng: deflate: %w", err)
	}
	return nil
}

// GenerationChoices lists the generations a flag takes with what each stands for: "2.2.5 = zlib-ng 2.2.5
// (.NET 10 and later); 2.2.2 = ...".
func GenerationChoices() string {
	var parts []string
	for _, g := range Generations() {
		parts = append(parts, string(g)+" = "+g.Words())
	}
	return strings.Join(parts, "; ")
}
