package deflate

import (
	"strings"
	"testing"
)

func TestGenerationNames(t *testing.T) {
	tests := []struct {
		g           Generation
		name, plain string
	}{
		{ZlibNG225, "2.2.5", ".NET 10 and later"},
		{ZlibNG222, "2.2.2", ".NET 9"},
		{Generation(2), "Generation(2)", "Generation(2)"},
	}
	for _, tt := range tests {
		if got := tt.g.String(); got != tt.name {
			t.Errorf("Generation(%d).String() = %q, want %q", uint8(tt.g), got, tt.name)
		}
		if got := tt.g.Description(); !strings.Contains(got, tt.plain) {
			t.Errorf("Generation(%d).Description() = %q, want it to name %q", uint8(tt.g), got, tt.plain)
		}
	}
	var zero Config
	if gs := Generations(); len(gs) != 2 || gs[0] != ZlibNG225 || gs[1] != ZlibNG222 || zero.Generation != ZlibNG225 {
		t.Errorf("Generations() = %v, want the zero value 2.2.5 first, then 2.2.2", gs)
	}
}

func TestParseGeneration(t *testing.T) {
	for _, g := range Generations() {
		if got, err := ParseGeneration(g.String()); err != nil || got != g {
			t.Errorf("ParseGeneration(%q) = %v, %v", g, got, err)
		}
	}
	for _, bad := range []string{"", "2.2.1", "2.2.3", "225", " 2.2.5", "Generation(2)"} {
		_, err := ParseGeneration(bad)
		if err == nil || !strings.Contains(err.Error(), "2.2.5, 2.2.2") || !strings.Contains(err.Error(), `"`+bad+`"`) {
			t.Errorf("ParseGeneration(%q): error %v, want one quoting the value and naming 2.2.5, 2.2.2", bad, err)
		}
	}
}

func TestConfigStringGeneration(t *testing.T) {
	c := DefaultConfig()
	if got := c.String(); strings.Contains(got, "zlibng") {
		t.Errorf("the default generation's name %q changed", got)
	}
	c.Generation = ZlibNG222
	if got := c.String(); !strings.HasSuffix(got, "/zlibng=2.2.2") {
		t.Errorf("2.2.2's name %q does not end in /zlibng=2.2.2", got)
	}
}
