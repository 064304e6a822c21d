package procstat

import "testing"

// Processor (TSC_AUX on x86-64 where the kernel fills it, else getcpu) names the processor getcpu names,
// whenever the thread did not move between two getcpu calls around it.
func TestProcessorAgreesWithGetcpu(t *testing.T) {
	stable := 0
	for range 10000 {
		before := getcpu()
		p := Processor()
		if after := getcpu(); before != after {
			continue
		}
		stable++
		if p != before {
			t.Fatalf("Processor() = %d between two getcpu() = %d", p, before)
		}
	}
	if stable == 0 {
		t.Fatal("the thread moved between every pair of getcpu calls")
	}
}

// BenchmarkGetcpu is the system call alone: what Processor costs where no instruction reads TSC_AUX
// (arm64, older x86-64), to compare with BenchmarkProcessor.
func BenchmarkGetcpu(b *testing.B) {
	for b.Loop() {
		getcpu()
	}
}
