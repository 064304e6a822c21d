package deflate

import (
	"errors"
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
		{Config{Level: 0, WindowBits: -8, MemLevel: 1}, ""},
		{Config{Level: 0, WindowBits: 24, MemLevel: 1}, ""},
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

func TestConfigDerived(t *testing.T) {
	tests := []struct {
		windowBits int
		format     Format
		wbits      int
	}{
		{-15, Raw, 15}, {-8, Raw, 9}, {9, Zlib, 9}, {8, Zlib, 9}, {15, Zlib, 15}, {24, Gzip, 9}, {31, Gzip, 15},
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
