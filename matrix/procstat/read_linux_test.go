package procstat

import "testing"

func TestParseStatm(t *testing.T) {
	tests := []struct {
		line             string
		resident, shared int64
		ok               bool
	}{
		{"4613 1409 873 279 0 1867 0\n", 1409, 873, true},
		{"1 2 3", 2, 3, true},
		{"4613 1409\n", 0, 0, false},
		{"", 0, 0, false},
	}
	for _, tt := range tests {
		r, s, err := parseStatm([]byte(tt.line))
		if (err == nil) != tt.ok || r != tt.resident || s != tt.shared {
			t.Errorf("parseStatm(%q) = %d, %d, %v; want %d, %d, ok=%v", tt.line, r, s, err, tt.resident, tt.shared, tt.ok)
		}
	}
}
