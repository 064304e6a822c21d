package host

import (
	"slices"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/matrix"
)

// TestResultGeneration holds the lab's generations (matrix.Generation, data so that readers of plans and
// results need not link the engine) to the engine's (deflate.Generation): ResultGeneration maps every
// engine generation to a lab one and back again, both lists name the same generations in the same
// order (the default first) in the same words, and matrix's messages read as deflate's.
func TestResultGeneration(t *testing.T) {
	var mapped []matrix.Generation
	for _, g := range deflate.Generations() {
		r := ResultGeneration(g)
		mapped = append(mapped, r)
		if !r.Valid() {
			t.Errorf("deflate's %v maps to %q, which matrix does not know: add it to hostresult/generation.go", g, r)
		}
		if back, err := deflate.ParseGeneration(string(r)); err != nil || back != g {
			t.Errorf("deflate's %v maps to %q, which deflate reads back as %v, %v", g, r, back, err)
		}
		if r.Words() != g.Description() {
			t.Errorf("%q.Words() = %q, deflate says %q", r, r.Words(), g.Description())
		}
	}
	for _, r := range matrix.Generations() {
		if g, err := deflate.ParseGeneration(string(r)); err != nil || ResultGeneration(g) != r {
			t.Errorf("matrix's %q is deflate's %v, %v, which maps to %q", r, g, err, ResultGeneration(g))
		}
	}
	if got := matrix.Generations(); !slices.Equal(got, mapped) {
		t.Errorf("matrix.Generations() = %v; deflate.Generations() map to %v", got, mapped)
	}
	if matrix.DefaultZlibNG != ResultGeneration(deflate.ZlibNG225) {
		t.Errorf("DefaultZlibNG = %q, deflate's default is %v", matrix.DefaultZlibNG, deflate.ZlibNG225)
	}
	if _, err := deflate.ParseGeneration("9.9.9"); err == nil || matrix.CheckZlibNG("9.9.9").Error() != "matrix: zlibng: "+err.Error() {
		t.Errorf("CheckZlibNG(9.9.9) = %v, want matrix: zlibng: %v", matrix.CheckZlibNG("9.9.9"), err)
	}
}
