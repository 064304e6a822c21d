package procstat

// On x86-64 Linux the kernel writes each processor's number into its TSC_AUX register (the low 12 bits;
// the NUMA node above them), which is how the vDSO's getcpu answers without entering the kernel. RDPID
// reads the register alone; RDTSCP reads it with the time stamp counter. Either costs a few nanoseconds
// where the getcpu system call costs about a hundred (BenchmarkProcessor), which matters once per
// measured operation.

// Implemented in processor_linux_amd64.s.
func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)
func rdpid() uint32
func rdtscpAux() uint32

// tscAuxCPUMask keeps the processor number of a TSC_AUX value (Linux's vdso_encode_cpunode: node << 12 | cpu).
const tscAuxCPUMask = 1<<12 - 1

// CPUID bits: leaf 7 ECX bit 22 is RDPID, leaf 0x80000001 EDX bit 27 is RDTSCP.
const (
	rdpidBit  = 1 << 22
	rdtscpBit = 1 << 27
)

// fastProcessor is the instruction-based reader this processor has and the kernel fills, or nil, and
// fastMethod its name.
var fastProcessor, fastMethod = pickFastProcessor()

// pickFastProcessor returns RDPID's or RDTSCP's reader when the processor has the instruction and its
// answers agree with getcpu's: each candidate is read between two getcpu calls that agree (the thread did
// not move), and one disagreement - a kernel that does not fill TSC_AUX - rules the reader out.
func pickFastProcessor() (func() int, string) {
	type candidate struct {
		read func() uint32
		name string
	}
	var candidates []candidate
	if maxLeaf, _, _, _ := cpuid(0, 0); maxLeaf >= 7 {
		if _, _, ecx, _ := cpuid(7, 0); ecx&rdpidBit != 0 {
			candidates = append(candidates, candidate{rdpid, "rdpid"})
		}
	}
	if maxExt, _, _, _ := cpuid(0x80000000, 0); maxExt >= 0x80000001 {
		if _, _, _, edx := cpuid(0x80000001, 0); edx&rdtscpBit != 0 {
			candidates = append(candidates, candidate{rdtscpAux, "rdtscp"})
		}
	}
	for _, c := range candidates {
		if agrees(c.read) {
			read := c.read
			return func() int { return int(read() & tscAuxCPUMask) }, c.name
		}
	}
	return nil, ""
}

// agreementChecks is how many stable readings a reader must match: enough to catch a TSC_AUX that is not
// the processor number on a machine with more than one, few enough to cost microseconds at start.
const agreementChecks = 64

// agrees reports whether read matches getcpu on every reading taken while the thread stayed put, and on
// at least one.
func agrees(read func() uint32) bool {
	matched := 0
	for range agreementChecks {
		before := getcpu()
		v := int(read() & tscAuxCPUMask)
		if after := getcpu(); before < 0 || before != after {
			continue
		}
		if v != before {
			return false
		}
		matched++
	}
	return matched > 0
}

// processor reads TSC_AUX when the processor and kernel allow, else calls getcpu.
func processor() int {
	if fastProcessor != nil {
		return fastProcessor()
	}
	return getcpu()
}

func processorMethod() string {
	switch {
	case fastProcessor != nil:
		return fastMethod
	case getcpu() >= 0:
		return "getcpu"
	}
	return ""
}
