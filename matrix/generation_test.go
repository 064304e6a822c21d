package matrix_test

import (
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
)

// ParseGeneration reads back every generation's own spelling and nothing else, "" included (a record's
// empty field means 2.2.2, but a flag or a variable left empty means the profile's: neither parses).
func TestParseGeneration(t *testing.T) {
	for _, g := range matrix.Generations() {
		if got, err := matrix.ParseGeneration(string(g)); err != nil || got != g || !g.Valid() {
			t.Errorf("ParseGeneration(%q) = %q, %v; Valid %v", g, got, err, g.Valid())
		}
	}
	for _, s := range []string{"", "2.2.1", "latest", " 2.2.5"} {
		_, err := matrix.ParseGeneration(s)
		if want := `zlib-ng generation "` + s + `" is not one of 2.2.5, 2.2.2`; err == nil || err.Error() != want {
			t.Errorf("ParseGeneration(%q): %v, want %s", s, err, want)
		}
		if matrix.Generation(s).Valid() {
			t.Errorf("Generation(%q).Valid()", s)
		}
	}
	if matrix.ZlibNGOf("") != matrix.LegacyZlibNG || matrix.ZlibNGOf(matrix.DefaultZlibNG) != matrix.DefaultZlibNG {
		t.Error(`ZlibNGOf: "" is not LegacyZlibNG, or a recorded generation is not itself`)
	}
}
