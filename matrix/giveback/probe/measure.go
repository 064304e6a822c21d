package probe

import (
	"fmt"
	"os"
	"unsafe"

	"github.com/deflatelab/deflatelab/matrix/giveback"
	"github.com/deflatelab/deflatelab/matrix/procstat"
	"github.com/deflatelab/deflatelab/nativemem"
)

// Measure runs spec on a in this process: every allocation and the touch of each of its pages is
// measured (faults from procstat.Read, time from procstat.Now); frees are not. It frees every block it
// allocated before it returns, an error or not. The backend named in spec is not opened: a is used.
// The probe runs on one OS thread, never the process's main one (onWorkerThread).
func Measure(a nativemem.Allocator, spec giveback.Spec) (giveback.Trace, error) {
	if err := spec.Validate(); err != nil {
		return giveback.Trace{}, err
	}
	m := meter{a: a, size: spec.Size, page: os.Getpagesize()}
	rounds := make([]giveback.Round, 0, spec.Rounds)
	var err error
	onWorkerThread(func() {
		switch spec.Pattern.Kind {
		case giveback.PatternSame:
			rounds, err = m.same(rounds, spec.Rounds)
		case giveback.PatternWindow:
			rounds, err = m.window(rounds, spec.Rounds, spec.Pattern.N)
		case giveback.PatternBatch:
			rounds, err = m.batch(rounds, spec.Rounds, spec.Pattern.N)
		}
	})
	if err != nil {
		return giveback.Trace{}, fmt.Errorf("probe %s: %w", spec, err)
	}
	return giveback.Trace{Spec: spec, About: about(a), PageSize: m.page, Rounds: rounds}, nil
}

// meter allocates and touches blocks of one size, counting each one's faults and time into a round.
type meter struct {
	a          nativemem.Allocator
	size, page int
}

// alloc allocates one block, writes a byte in every page it spans, and adds what that took to r.
func (m meter) alloc(r *giveback.Round) ([]byte, error) {
	before, err := procstat.Read()
	if err != nil {
		return nil, err
	}
	t0 := procstat.Now()
	b, err := m.a.Alloc(m.size)
	if err != nil {
		return nil, err
	}
	// Every page gets one write: consecutive indices a page apart fall in consecutive pages, and the last
	// byte covers the last page when the block does not start on a page boundary.
	for i := 0; i < len(b); i += m.page {
		b[i] = 1
	}
	b[len(b)-1] = 1
	t1 := procstat.Now()
	after, err := procstat.Read()
	if err != nil {
		m.a.Free(b)
		return nil, err
	}
	r.Blocks++
	r.Pages += spanned(b, m.page)
	r.Faults += after.Faults() - before.Faults()
	r.NS += t1 - t0
	return b, nil
}

// same: allocate, touch, free, rounds times.
func (m meter) same(out []giveback.Round, rounds int) ([]giveback.Round, error) {
	for range rounds {
		var r giveback.Round
		b, err := m.alloc(&r)
		if err != nil {
			return nil, err
		}
		m.a.Free(b)
		out = append(out, r)
	}
	return out, nil
}

// window: the first round allocates n blocks; each later one frees the oldest live block and allocates
// one in its place. Every live block is freed at the end.
func (m meter) window(out []giveback.Round, rounds, n int) (_ []giveback.Round, err error) {
	live := make([][]byte, n)
	defer func() {
		for i := range live {
			m.a.Free(live[i])
			live[i] = nil
		}
	}()
	var fill giveback.Round
	for i := range live {
		if live[i], err = m.alloc(&fill); err != nil {
			return nil, err
		}
	}
	out = append(out, fill)
	for k := range rounds - 1 {
		oldest := k % n
		m.a.Free(live[oldest])
		live[oldest] = nil
		var r giveback.Round
		if live[oldest], err = m.alloc(&r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// batch: each round allocates n blocks, then frees all n, oldest first.
func (m meter) batch(out []giveback.Round, rounds, n int) ([]giveback.Round, error) {
	live := make([][]byte, n)
	free := func() {
		for i := range live {
			m.a.Free(live[i])
			live[i] = nil
		}
	}
	defer free()
	for range rounds {
		var r giveback.Round
		for i := range live {
			b, err := m.alloc(&r)
			if err != nil {
				return nil, err
			}
			live[i] = b
		}
		free()
		out = append(out, r)
	}
	return out, nil
}

// spanned is the number of pages b's bytes fall in.
func spanned(b []byte, page int) int {
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	end := start + uintptr(len(b)) - 1
	return int(end/uintptr(page)-start/uintptr(page)) + 1
}

// about is the backend's own description, or its Go type when it has none.
func about(a nativemem.Allocator) string {
	if s, ok := a.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", a)
}
