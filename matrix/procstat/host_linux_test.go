package procstat

import "testing"

func TestCPUModel(t *testing.T) {
	tests := []struct{ name, cpuinfo, want string }{
		{"x86", "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n\nprocessor\t: 1\nmodel name\t: other\n", "Intel(R) Xeon(R) CPU @ 2.20GHz"},
		{"neoverse", "processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\nCPU part\t: 0xd0c\n", "ARM Neoverse-N1"},
		{"unknown arm", "CPU implementer\t: 0x48\nCPU part\t: 0xd01\n", "ARM implementer 0x48 part 0xd01"},
		{"riscv", "processor\t: 0\nisa\t\t: rv64imafdc\n", "rv64imafdc"},
		{"empty", "", "unknown"},
	}
	for _, tt := range tests {
		if got := cpuModel([]byte(tt.cpuinfo)); got != tt.want {
			t.Errorf("%s: cpuModel = %q, want %q", tt.name, got, tt.want)
		}
	}
}
