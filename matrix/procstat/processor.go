package procstat

// Processor returns the number of the processor the calling thread runs on at the moment of the call, or
// -1 where the OS cannot say (ProcessorKnown is false). The thread may move right after: the answer is a
// sample, which is what a count of processor changes between operations needs. It does not allocate.
//
// Linux: the getcpu system call (x/sys/unix has no wrapper, and Go cannot call the vDSO's without cgo).
// Windows: GetCurrentProcessorNumberEx, numbered group x 64 + number within the group.
func Processor() int { return processor() }

// ProcessorKnown reports whether Processor can answer on this OS and machine; it is decided once, at
// package initialisation, by asking.
var ProcessorKnown = processor() >= 0

// ProcessorMethod names how Processor reads the processor here - "rdpid", "rdtscp" (x86-64 Linux's TSC_AUX),
// "getcpu" (the Linux system call), "GetCurrentProcessorNumberEx" - or is "" where it cannot: the cost of
// one read differs by two orders of magnitude between them (BenchmarkProcessor, BenchmarkGetcpu).
var ProcessorMethod = processorMethod()
