package deflate

import (
	"fmt"
	"strings"
)

// Generation is the zlib-ng release whose deflate the engine reproduces byte for byte. The zero value,
// ZlibNG225, is the default. The two differ only in deflate_medium's insert_match (levels 3-6): 2.2.2
// inserts every position of every match into the hash table (zlib-ng commit 322753f3, PR #1682), 2.2.5
// again skips the positions inside a match longer than 16 x max_insert_length (PR #1938, which reverted
// 322753f3 and 56d3d985). Every other level writes the same bytes under both.
type Generation uint8

const (
	ZlibNG225 Generation = iota // zlib-ng 2.2.5: .NET 10 and later (dotnet/runtime PR 118457); the zero value
	ZlibNG222                   // zlib-ng 2.2.2: .NET 9's generation (it ships 2.2.1, whose deflate is the same)
)

// generationInfo is each generation's name (its zlib-ng version) and its plain description for users.
var generationInfo = [...]struct{ name, description string }{
	ZlibNG225: {"2.2.5", "zlib-ng 2.2.5 (.NET 10 and later)"},
	ZlibNG222: {"2.2.2", "zlib-ng 2.2.2 (.NET 9's generation; .NET 9 ships 2.2.1, whose deflate is the same)"},
}

// Generations lists every generation, the default first.
func Generations() []Generation { return []Generation{ZlibNG225, ZlibNG222} }

// known reports whether g is one of Generations.
func (g Generation) known() bool { return int(g) < len(generationInfo) }

// String is the generation's zlib-ng version, "2.2.5" or "2.2.2", as flags and reports spell it.
func (g Generation) String() string {
	if g.known() {
		return generationInfo[g].name
	}
	return fmt.Sprintf("Generation(%d)", uint8(g))
}

// Description names the generation and the .NET versions that ship it, for users.
func (g Generation) Description() string {
	if g.known() {
		return generationInfo[g].description
	}
	return g.String()
}

// generationNames is every generation's String, for error messages and flag help.
func generationNames() string {
	names := make([]string, 0, len(generationInfo))
	for _, g := range Generations() {
		names = append(names, g.String())
	}
	return strings.Join(names, ", ")
}

// ParseGeneration is the inverse of Generation.String; any other text is an error naming the allowed
// values.
func ParseGeneration(s string) (Generation, error) {
	for _, g := range Generations() {
		if g.String() == s {
			return g, nil
		}
	}
	return 0, fmt.Errorf("deflate: zlib-ng generation %q is not one of %s", s, generationNames())
}
