package procstat

import "testing"

func TestParseStatFaults(t *testing.T) {
	tests := []struct {
		stat         string
		minor, major int64
		ok           bool
	}{
		{"1234 (go) R 1 1234 1234 0 -1 4194304 5678 0 12 0 3 1 0 0 20 0 3 0 100 1000 200\n", 5678, 12, true},
		{"1234 (a (b) c) S 1 1 1 0 -1 0 99 7 3 0 0\n", 99, 3, true},
		{"1234 (go) R 1 1234", 0, 0, false},
		{"1234 go R 1 1234 1234 0 -1 4194304 5678 0 12", 0, 0, false},
		{"1234 (go) R 1 1234 1234 0 -1 4194304 x 0 12", 0, 0, false},
	}
	for _, tt := range tests {
		minor, major, err := parseStatFaults([]byte(tt.stat))
		if (err == nil) != tt.ok || minor != tt.minor || major != tt.major {
			t.Errorf("parseStatFaults(%q) = %d, %d, %v; want %d, %d, ok=%v", tt.stat, minor, major, err, tt.minor, tt.major, tt.ok)
		}
	}
}
