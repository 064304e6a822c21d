package workload

import (
	"strings"
	"testing"
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
		if err := c.Validate(); err != nil {
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
	if err == nil || !strings.Contains(err.Error(), `"bogus"`) || !strings.Contains(err.Error(), "fixed") || !strings.Contains(err.Error(), "mixed") {
		t.Fatalf("ByName(bogus) error = %v, want it to name the value and the allowed workloads", err)
	}
	if Valid("bogus") || !Valid("mixed") {
		t.Error("Valid is wrong")
	}
}
