package workload

import (
	"bytes"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
)

func TestWorkloads(t *testing.T) {
	f, err := ByName("fixed")
	if err != nil || len(f.Configs) != 1 {
		t.Fatalf("fixed: %v, %d configs", err, len(f.Configs))
	}
	if c := f.Config(123); c.Level != 6 || c.WindowBits != -15 || c.MemLevel != 8 {
		t.Errorf("fixed config = %v", c)
	}
	m, err := ByName("mixed")
	if err != nil || len(m.Configs) != 12 {
		t.Fatalf("mixed: %v, %d configs", err, len(m.Configs))
	}
	seen := map[string]bool{}
	for i, c := range m.Configs {
		if err := engineConfig(c).Validate(); err != nil {
			t.Errorf("mixed config %d: %v", i, err)
		}
		if want := map[bool]int{true: 7, false: 8}[c.Level == 0]; c.MemLevel != want {
			t.Errorf("mixed config %d: memLevel %d, want %d", i, c.MemLevel, want)
		}
		seen[c.String()] = true
	}
	if len(seen) != 12 {
		t.Errorf("mixed has %d distinct configs, want 12", len(seen))
	}
	if m.Config(12) != m.Config(0) || m.Config(13) != m.Config(1) {
		t.Error("mixed does not cycle per operation")
	}
}

func TestByNameUnknown(t *testing.T) {
	_, err := ByName("bogus")
	if err == nil || !strings.Contains(err.Error(), `"bogus"`) || !strings.Contains(err.Error(), "fixed") || !strings.Contains(err.Error(), "mixed") || !strings.Contains(err.Error(), "stream") {
		t.Fatalf("ByName(bogus) error = %v, want it to name the value and the allowed workloads", err)
	}
	if Valid("bogus") || !Valid("mixed") {
		t.Error("Valid is wrong")
	}
}

func TestStream(t *testing.T) {
	s, err := ByName("stream")
	if err != nil {
		t.Fatal(err)
	}
	want := Config{Level: 6, WindowBits: 15, MemLevel: 8}
	if len(s.Configs) != 1 || s.Config(77) != want {
		t.Fatalf("stream configs = %v, want only %v (ZLibStream, Optimal)", s.Configs, want)
	}
	if s.Writes != 100 || s.Input == nil || s.Input.Size != 1000 || s.Input.RandFrac != 1 {
		t.Fatalf("stream: %d writes of %+v, want 100 writes of 1,000 random bytes", s.Writes, s.Input)
	}
	if !strings.Contains(s.Definition, "1,000") || !strings.Contains(s.Definition, "100 times") {
		t.Errorf("stream's definition %q does not say 1,000 bytes 100 times", s.Definition)
	}
}

func TestInputOf(t *testing.T) {
	payload, _ := Payload(DefaultSeed, DefaultSize, DefaultRandFrac)
	tests := []struct {
		workload func() Workload
		seed     int64
		want     []byte
	}{
		{Fixed, DefaultSeed, payload},
		{Mixed, DefaultSeed, payload},
		// stream's 1,000 random bytes are the first 1,000 of the default payload (the same generator and seed)
		{Stream, DefaultSeed, payload[:1000]},
	}
	for _, tt := range tests {
		w := tt.workload()
		got, err := w.InputOf(tt.seed, DefaultSize, DefaultRandFrac)
		if err != nil || !bytes.Equal(got, tt.want) {
			t.Errorf("%s: InputOf = %d bytes, %v; want %d bytes", w.Name, len(got), err, len(tt.want))
		}
	}
	other, _ := Stream().InputOf(DefaultSeed+1, DefaultSize, DefaultRandFrac)
	if bytes.Equal(other, payload[:1000]) {
		t.Error("stream's input does not follow the payload seed")
	}
}

func TestEveryWorkloadIsWellFormed(t *testing.T) {
	for _, name := range Names() {
		w, err := ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(w.Configs) == 0 || w.Writes < 1 || w.Definition == "" || w.Title == "" || w.Summary == "" {
			t.Errorf("%s: %d configs, %d writes, title %q, definition %q", name, len(w.Configs), w.Writes, w.Title, w.Definition)
		}
		if Cycles(name) != (len(w.Configs) > 1) {
			t.Errorf("%s: Cycles = %v with %d configurations", name, Cycles(name), len(w.Configs))
		}
		for i, c := range w.Configs {
			if err := engineConfig(c).Validate(); err != nil {
				t.Errorf("%s config %d: %v", name, i, err)
			}
		}
	}
}

func TestCycles(t *testing.T) {
	for name, want := range map[string]bool{"fixed": false, "mixed": true, "stream": false, "bogus": false} {
		if got := Cycles(name); got != want {
			t.Errorf("Cycles(%q) = %v, want %v", name, got, want)
		}
	}
}

// engineConfig is c as the engine takes it (host.Configs does the same), so that the tests can ask
// the engine whether every workload's configurations are ones zlib-ng accepts.
func engineConfig(c Config) deflate.Config {
	return deflate.Config{Level: c.Level, WindowBits: c.WindowBits, MemLevel: c.MemLevel, Strategy: deflate.DefaultStrategy}
}
