package report

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
)

// serviceLine is one platform and backend's service-workload probe over the measured (not emulated)
// samples: the medians, over samples, of each sample's probe (its repetitions' median time and mean
// faults) in the pristine heap and in the fragmented one, and the background's live bytes and blocks.
type serviceLine struct {
	Platform, Backend, Heap                  string
	Samples                                  int
	PristineNs, FragmentedNs                 float64
	PristineFaults, FragmentedFaults         float64
	RatioNs, RatioNsLo, RatioNsHi            float64 // fragmented/pristine time: median, lowest, highest sample
	LiveBytes, LiveBlocks                    float64
	LastPristineFaults, LastFragmentedFaults float64 // the probes' last repetition's faults, median over samples
}

// newServiceLines summarises the service samples of samples, one line per platform and backend.
func newServiceLines(samples []matrix.Sample) []serviceLine {
	type key struct{ platform, backend string }
	groups := map[key][]matrix.Sample{}
	for _, s := range samples {
		if s.OK && s.Emulated == "" && s.Result != nil && s.Result.Service != nil {
			k := key{s.Cell.Platform, s.Cell.Backend}
			groups[k] = append(groups[k], s)
		}
	}
	var out []serviceLine
	for k, ss := range groups {
		l := serviceLine{Platform: k.platform, Backend: k.backend, Samples: len(ss), Heap: ss[0].Result.Service.Heap}
		var pn, fn, pf, ff, ratio, lb, lk, lpf, lff []float64
		for _, s := range ss {
			v := s.Result.Service
			p, f := float64(v.Pristine.MedianNs()), float64(v.Fragmented.MedianNs())
			pn, fn = append(pn, p), append(fn, f)
			pf, ff = append(pf, v.Pristine.MeanFaults()), append(ff, v.Fragmented.MeanFaults())
			if p > 0 {
				ratio = append(ratio, f/p)
			}
			lb, lk = append(lb, float64(v.LiveBytes)), append(lk, float64(v.LiveBlocks))
			if n := len(v.Pristine.Faults); n > 0 {
				lpf = append(lpf, float64(v.Pristine.Faults[n-1]))
			}
			if n := len(v.Fragmented.Faults); n > 0 {
				lff = append(lff, float64(v.Fragmented.Faults[n-1]))
			}
		}
		l.PristineNs, l.FragmentedNs, l.PristineFaults, l.FragmentedFaults = midValue(pn), midValue(fn), midValue(pf), midValue(ff)
		l.LiveBytes, l.LiveBlocks, l.LastPristineFaults, l.LastFragmentedFaults = midValue(lb), midValue(lk), midValue(lpf), midValue(lff)
		if len(ratio) > 0 {
			l.RatioNs, l.RatioNsLo, l.RatioNsHi = midValue(ratio), slices.Min(ratio), slices.Max(ratio)
		}
		out = append(out, l)
	}
	slices.SortFunc(out, func(a, b serviceLine) int {
		return cmp.Or(cmp.Compare(a.Platform, b.Platform), cmp.Compare(a.Backend, b.Backend))
	})
	return out
}

// midValue is the middle value of vs (the mean of the middle two), 0 for none.
func midValue(vs []float64) float64 {
	if len(vs) == 0 {
		return 0
	}
	s := slices.Clone(vs)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}

// writeServiceHeap is the service workload's heap: what the background does to one state-sized
// allocation on each backend. Nothing when the report has no service samples.
func writeServiceHeap(w io.Writer, m *model) {
	if len(m.Service) == 0 {
		return
	}
	fmt.Fprintf(w, "## Service heap: the probe\n\n")
	fmt.Fprintf(w, "Exploratory. Each service sample allocates one state-sized block (350,336 bytes) on its backend, "+
		"writes each page and frees it, 16 times: before the background is built (pristine) and after the measured region, "+
		"with the background's churn before each repetition (fragmented). Per sample: the repetitions' median time and mean "+
		"faults; here the median over samples, and the fragmented/pristine time ratio's median with the lowest and highest "+
		"sample's. The pristine probe's first repetitions are the process's first allocations of that size (its heap "+
		"growing), so its last repetition's faults are shown too. Times are whatever the machine gave (see the load banner).\n\n")
	header := []string{"Platform", "Backend", "Samples", "Time, pristine → fragmented (ns)", "Time ratio (range)",
		"Faults, pristine → fragmented", "Last rep. faults", "Background live"}
	var rows [][]string
	var heaps []string
	for _, l := range m.Service {
		rows = append(rows, []string{l.Platform, l.Backend, fmt.Sprint(l.Samples), num(l.PristineNs) + " → " + num(l.FragmentedNs),
			fixed(l.RatioNs, 2) + " (" + fixed(l.RatioNsLo, 2) + "-" + fixed(l.RatioNsHi, 2) + ")",
			fixed(l.PristineFaults, 1) + " → " + fixed(l.FragmentedFaults, 1),
			fixed(l.LastPristineFaults, 0) + " → " + fixed(l.LastFragmentedFaults, 0),
			bytesNum(l.LiveBytes) + " in " + fixed(l.LiveBlocks, 0) + " blocks"})
		heaps = append(heaps, fmt.Sprintf("%s %s: %s", l.Platform, l.Backend, l.Heap))
	}
	MarkdownTable(w, header, rows)
	fmt.Fprintf(w, "The background's heap: %s.\n\n", strings.Join(heaps, "; "))
}
