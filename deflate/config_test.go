package deflate

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		cfg     Config
		wantErr string // substring naming field and value; "" for a valid Config
	}{
		{DefaultConfig(), ""},
		{Config{Level: -1, WindowBits: 15, MemLevel: 1}, ""},
		{Config{Level: 9, WindowBits: 31, MemLevel: 9, Strategy: Fixed}, ""},
		{Config{Level: 0, WindowBits: 8, MemLevel: 1}, ""},
		{Config{Level: 0, WindowBits: -8, MemLevel: 1}, "WindowBits -8"},
		{Config{Level: 0, WindowBits: 24, MemLevel: 1}, "WindowBits 24"},
		{Config{Level: 6, WindowBits: 31, MemLevel: 8, GzipOS: 255}, ""},
		{Config{Level: 6, WindowBits: 31, MemLevel: 8, GzipOS: 256}, "GzipOS 256"},
		{Config{Level: 6, WindowBits: 31, MemLevel: 8, GzipOS: -1}, "GzipOS -1"},
		{Config{Level: -2, WindowBits: 15, MemLevel: 8}, "Level -2"},
		{Config{Level: 10, WindowBits: 15, MemLevel: 8}, "Level 10"},
		{Config{Level: 6, WindowBits: 7, MemLevel: 8}, "WindowBits 7"},
		{Config{Level: 6, WindowBits: 16, MemLevel: 8}, "WindowBits 16"},
		{Config{Level: 6, WindowBits: -16, MemLevel: 8}, "WindowBits -16"},
		{Config{Level: 6, WindowBits: 32, MemLevel: 8}, "WindowBits 32"},
		{Config{Level: 6, WindowBits: 0, MemLevel: 8}, "WindowBits 0"},
		{Config{Level: 6, WindowBits: 15, MemLevel: 0}, "MemLevel 0"},
		{Config{Level: 6, WindowBits: 15, MemLevel: 10}, "MemLevel 10"},
		{Config{Level: 6, WindowBits: 15, MemLevel: 8, Strategy: 5}, "Strategy 5"},
		{Config{Level: 6, WindowBits: 15, MemLevel: 8, Strategy: -1}, "Strategy -1"},
		{Config{Level: 6, WindowBits: 15, MemLevel: 8, Generation: ZlibNG222}, ""},
		{Config{Level: 6, WindowBits: 15, MemLevel: 8, Generation: 2}, "Generation 2 is not one of 2.2.5, 2.2.2"},
		{Config{Level: 6, WindowBits: 15, MemLevel: 8, Generation: 255}, "Generation 255"},
	}
	for _, tt := range tests {
		err := tt.cfg.Validate()
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("%+v: unexpected error %v", tt.cfg, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, ErrConfig)):
			t.Errorf("%+v: error %v, want one containing %q and wrapping ErrConfig", tt.cfg, err, tt.wantErr)
		}
	}
}

// TestConfigValidateMatchesDeflateInit2 walks every value of each deflateInit2 parameter around its
// range, the others valid, and checks that Validate accepts exactly the values zng_deflateInit2 (zlib-ng
// 2.2.2) accepts, and names the field and the value when it rejects one.
func TestConfigValidateMatchesDeflateInit2(t *testing.T) {
	// What zng_deflateInit2 accepts: Z_DEFAULT_COMPRESSION or 0..9; windowBits 8..15 (zlib), -9..-15
	// (raw: -8 is refused), 25..31 (gzip: 24 is refused); memLevel 1..MAX_MEM_LEVEL (9); strategy
	// Z_DEFAULT_STRATEGY..Z_FIXED.
	accepted := func(lo, hi int, more ...[2]int) map[int]bool {
		m := map[int]bool{}
		for _, r := range append([][2]int{{lo, hi}}, more...) {
			for v := r[0]; v <= r[1]; v++ {
				m[v] = true
			}
		}
		return m
	}
	params := []struct {
		field string
		ok    map[int]bool
		set   func(c *Config, v int)
	}{
		{"Level", accepted(-1, 9), func(c *Config, v int) { c.Level = v }},
		{"WindowBits", accepted(8, 15, [2]int{-15, -9}, [2]int{25, 31}), func(c *Config, v int) { c.WindowBits = v }},
		{"MemLevel", accepted(1, 9), func(c *Config, v int) { c.MemLevel = v }},
		{"Strategy", accepted(0, 4), func(c *Config, v int) { c.Strategy = Strategy(v) }},
	}
	for _, p := range params {
		for v := -40; v <= 40; v++ {
			c := DefaultConfig()
			p.set(&c, v)
			err := c.Validate()
			switch {
			case p.ok[v] && err != nil:
				t.Errorf("%s %d: zng_deflateInit2 accepts it, Validate says %v", p.field, v, err)
			case !p.ok[v] && err == nil:
				t.Errorf("%s %d: zng_deflateInit2 refuses it, Validate accepts it", p.field, v)
			case !p.ok[v] && !strings.Contains(err.Error(), fmt.Sprintf("%s %d ", p.field, v)):
				t.Errorf("%s %d: error %q does not name the field and value", p.field, v, err)
			}
		}
	}
}

func TestConfigDerived(t *testing.T) {
	tests := []struct {
		windowBits int
		format     Format
		wbits      int
	}{
		{-15, Raw, 15}, {-9, Raw, 9}, {9, Zlib, 9}, {8, Zlib, 9}, {15, Zlib, 15}, {25, Gzip, 9}, {31, Gzip, 15},
	}
	for _, tt := range tests {
		c := Config{Level: -1, WindowBits: tt.windowBits, MemLevel: 8}
		if c.Format() != tt.format || c.WBits() != tt.wbits || c.EffectiveLevel() != 6 {
			t.Errorf("WindowBits %d: format %v wbits %d level %d", tt.windowBits, c.Format(), c.WBits(), c.EffectiveLevel())
		}
	}
	for _, st := range Strategies() {
		if got, err := ParseStrategy(st.String()); err != nil || got != st {
			t.Errorf("ParseStrategy(%q) = %v, %v", st, got, err)
		}
	}
	if _, err := ParseStrategy("fast"); err == nil {
		t.Error("ParseStrategy accepted fast")
	}
}
