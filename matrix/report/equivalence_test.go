package report

import "testing"

// A bound is printed with the digits that put it on its side of the margin: never as the margin itself.
func TestBoundNum(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{-1.96, "-1.96"}, {-2.04, "-2.04"}, {2.04, "+2.04"}, {1.6, "+1.6"}, {-2.3, "-2.3"}, {-2.6, "-3"}, {-0.7, "-0.7"},
		{-20.4, "-20"}, {2.0004, "+2.0004"}, {-1.5, "-1.5"}, {2.6, "+3"},
	} {
		if got := boundNum(c.v, 2); got != c.want {
			t.Errorf("boundNum(%v, 2) = %q, want %q", c.v, got, c.want)
		}
	}
	if got := boundNum(-1.96, 0); got != "-2" {
		t.Errorf("without a margin: %q, want -2", got)
	}
}
