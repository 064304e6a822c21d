package stats

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// readFloatLines reads testdata's lines of space-separated floats (R's %.17g, Inf); a line that does not
// parse as numbers is returned as a word in words, in order with the numbers.
func readFloatLines(t *testing.T, path string) (lines [][]float64, words []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		var row []float64
		for _, w := range fields {
			x, err := strconv.ParseFloat(w, 64)
			if err != nil {
				row = nil
				break
			}
			row = append(row, x)
		}
		if row == nil {
			words = append(words, strings.TrimSpace(sc.Text()))
			lines = append(lines, nil)
			continue
		}
		lines = append(lines, row)
	}
	return lines, words
}

// closeTo reports whether got is within 1e-8 of want, relative for |want| > 1 (R's values are printed to
// 17 digits).
func closeTo(got, want float64) bool {
	if math.IsInf(want, 0) || math.IsNaN(want) {
		return got == want || (math.IsNaN(got) && math.IsNaN(want))
	}
	return math.Abs(got-want) <= 1e-8*math.Max(1, math.Abs(want))
}

// TestPolygammaAgainstR checks digamma, trigamma, tetragamma and trigammaInverse against R 4.2's
// digamma, trigamma, psigamma(deriv = 2) and limma 3.54's trigammaInverse (testdata/polygamma.R).
func TestPolygammaAgainstR(t *testing.T) {
	lines, _ := readFloatLines(t, "testdata/polygamma.txt")
	inverse := false
	n := 0
	for _, row := range lines {
		switch {
		case row == nil:
			inverse = true
		case !inverse:
			x := row[0]
			for i, c := range []struct {
				name string
				got  float64
			}{{"digamma", digamma(x)}, {"trigamma", trigamma(x)}, {"tetragamma", tetragamma(x)}} {
				if want := row[i+1]; math.Abs(c.got-want) > 1e-12*math.Max(1, math.Abs(want)) {
					t.Errorf("%s(%g) = %.17g, R %.17g", c.name, x, c.got, want)
				}
			}
			n++
		default:
			if got := trigammaInverse(row[0]); !closeTo(got, row[1]) {
				t.Errorf("trigammaInverse(%g) = %.17g, limma %.17g", row[0], got, row[1])
			}
			if row[0] >= 1e-6 && row[0] <= 1e7 {
				if back := trigamma(trigammaInverse(row[0])); math.Abs(back-row[0]) > 1e-7*row[0] {
					t.Errorf("trigamma(trigammaInverse(%g)) = %g", row[0], back)
				}
			}
			n++
		}
	}
	if n < 20 {
		t.Fatalf("read %d reference values, want at least 20", n)
	}
	if !math.IsNaN(trigammaInverse(-1)) || !math.IsNaN(digamma(0)) || !math.IsNaN(trigamma(-2)) {
		t.Error("outside the domain: not NaN")
	}
}
