package procstat

import "testing"

func TestParseLoadavg(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"0.52 0.58 0.59 1/467 12345\n", 0.52, true},
		{"13.00 7.1 2 9/900 1", 13, true},
		{"", 0, false},
		{"x 1 2", 0, false},
		{"-1 0 0", 0, false},
	} {
		l, err := parseLoadavg(tc.in)
		if (err == nil) != tc.ok || l.Avg1 != tc.want {
			t.Errorf("parseLoadavg(%q) = %v, %v; want %v ok %v", tc.in, l.Avg1, err, tc.want, tc.ok)
		}
	}
	if l, err := ReadLoad(); err != nil || l.Avg1 < 0 {
		t.Errorf("ReadLoad() = %+v, %v", l, err)
	}
}
