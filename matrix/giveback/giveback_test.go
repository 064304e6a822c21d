package giveback

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestParsePattern(t *testing.T) {
	tests := []struct {
		in   string
		want Pattern
		err  string
	}{
		{"same", Pattern{Kind: PatternSame}, ""},
		{"window/8", Pattern{Kind: PatternWindow, N: 8}, ""},
		{" batch/3 ", Pattern{Kind: PatternBatch, N: 3}, ""},
		{"batch", Pattern{Kind: PatternBatch, N: DefaultN}, ""},
		{"same/2", Pattern{}, "takes no count"},
		{"window/0", Pattern{}, "out of range"},
		{"window/65", Pattern{}, "out of range"},
		{"batch/x", Pattern{}, "not a whole number"},
		{"lifo", Pattern{}, `unknown pattern "lifo"`},
		{"", Pattern{}, "unknown pattern"},
	}
	for _, tt := range tests {
		got, err := ParsePattern(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParsePattern(%q) = %v, %v; want an error with %q", tt.in, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParsePattern(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
		if back, err := ParsePattern(got.String()); err != nil || back != got {
			t.Errorf("ParsePattern(%q.String()) = %v, %v", got, back, err)
		}
	}
}

func TestParseSpec(t *testing.T) {
	ok := Spec{Backend: "libc", Size: 350_336, Pattern: Pattern{Kind: PatternWindow, N: 8}, Rounds: 32}
	if got, err := ParseSpec(ok.String()); err != nil || got != ok {
		t.Fatalf("ParseSpec(%q) = %v, %v; want %v", ok.String(), got, err, ok)
	}
	for _, bad := range []struct{ in, err string }{
		{"libc,350336,same", "want backend,size,pattern,rounds"},
		{"libc,x,same,32", `size "x"`},
		{"libc,0,same,32", "size 0 out of range"},
		{"libc,16777217,same,32", "out of range"},
		{"libc,4096,same,3", "rounds 3 out of range"},
		{"libc,4096,same,y", `rounds "y"`},
		{"libc,4096,fifo,32", "unknown pattern"},
		{",4096,same,32", "backend"},
	} {
		if _, err := ParseSpec(bad.in); err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("ParseSpec(%q) error %v; want one with %q", bad.in, err, bad.err)
		}
	}
}

// FuzzParseSpec: whatever ParseSpec accepts is valid and reads back from its own text.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"libc,350336,window/8,32", "goheap,4096,same,4", "pages,2097152,batch/64,1000", "x,,,", "a,1,batch/,4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := ParseSpec(s)
		if err != nil {
			return
		}
		if err := spec.Validate(); err != nil {
			t.Fatalf("ParseSpec(%q) = %v, which does not validate: %v", s, spec, err)
		}
		if back, err := ParseSpec(spec.String()); err != nil || back != spec {
			t.Fatalf("ParseSpec(%q) = %v; its text %q reads back as %v, %v", s, spec, spec.String(), back, err)
		}
	})
}

func TestDefaultSizes(t *testing.T) {
	s := DefaultSizes()
	if !slices.IsSorted(s) || s[0] != 4096 || s[len(s)-1] != 2<<20 {
		t.Fatalf("DefaultSizes() = %v: want sorted, from 4096 to 2 MiB", s)
	}
	if len(s) != 19+len(Marks) {
		t.Errorf("%d sizes, want 19 log-spaced (two per octave over nine octaves) and %d marks", len(s), len(Marks))
	}
	for _, m := range Marks {
		if !slices.Contains(s, m.Size) {
			t.Errorf("mark %v not in the sweep", m)
		}
	}
	for _, want := range []int{131_072 + 63, 219_264, 350_336} {
		if !slices.ContainsFunc(Marks, func(m Mark) bool { return m.Size == want }) {
			t.Errorf("no mark of %d bytes", want)
		}
	}
}

func TestRoundsFor(t *testing.T) {
	for _, tt := range []struct {
		size int
		p    Pattern
		min  int
		want int
	}{
		{4096, Pattern{Kind: PatternSame}, 32, 8192},
		{2 << 20, Pattern{Kind: PatternSame}, 32, 32},
		{2 << 20, Pattern{Kind: PatternSame}, 4, 16},
		{4096, Pattern{Kind: PatternBatch, N: 8}, 32, 1024},
		{350_336, Pattern{Kind: PatternWindow, N: 8}, 32, 96}, // ceil(32 MiB / 350,336)
		{2 << 20, Pattern{Kind: PatternWindow, N: 8}, 32, 96}, // 12 rounds per block of the window
		{2 << 20, Pattern{Kind: PatternWindow, N: 2}, 32, 32},
	} {
		if got := RoundsFor(tt.size, tt.p, tt.min); got != tt.want {
			t.Errorf("RoundsFor(%d, %v, %d) = %d, want %d", tt.size, tt.p, tt.min, got, tt.want)
		}
	}
}

// trace makes a trace of spec whose rounds fault faults[i] of pages each.
func trace(spec Spec, pages int, faults ...int64) Trace {
	tr := Trace{Spec: spec, About: "test", PageSize: 4096}
	for _, f := range faults {
		tr.Rounds = append(tr.Rounds, Round{Blocks: 1, Pages: pages, Faults: f, NS: 100})
	}
	tr.Spec.Rounds = len(faults)
	return tr
}

func TestSummarize(t *testing.T) {
	spec := Spec{Backend: "libc", Size: 350_336, Pattern: Pattern{Kind: PatternSame}}
	traces := []Trace{
		trace(spec, 86, 90, 86, 0, 0, 0, 0, 0, 86),     // steady half 0,0,0,86: median 0
		trace(spec, 86, 91, 86, 86, 86, 86, 86, 0, 86), // steady: 86
		trace(spec, 86, 92, 0, 0, 0, 0, 0, 0, 0),       // steady: 0
	}
	p, err := Summarize(traces)
	if err != nil {
		t.Fatal(err)
	}
	want := Point{Size: 350_336, Pattern: spec.Pattern, Pages: 86, First: 91, Faults: 0, Ratio: 0, NS: 100, RatioLow: 0, RatioHigh: 1, Processes: 3}
	if p != want {
		t.Errorf("Summarize = %+v\nwant        %+v", p, want)
	}
	if p.Faulting() {
		t.Error("a point whose median process reuses its memory counts as faulting")
	}
	other := trace(Spec{Backend: "pages", Size: 350_336, Pattern: spec.Pattern}, 86, 1, 1, 1, 1)
	if _, err := Summarize([]Trace{traces[0], other}); err == nil || !strings.Contains(err.Error(), "summarized together") {
		t.Errorf("traces of two specs summarized: %v", err)
	}
	short := traces[0]
	short.Rounds = short.Rounds[:3]
	if _, err := Summarize([]Trace{short}); err == nil || !strings.Contains(err.Error(), "3 rounds, want 8") {
		t.Errorf("a trace without its rounds summarized: %v", err)
	}
	if _, err := Summarize(nil); err == nil {
		t.Error("no traces summarized")
	}
}

func TestThresholds(t *testing.T) {
	same, batch := Pattern{Kind: PatternSame}, Pattern{Kind: PatternBatch, N: 8}
	pt := func(p Pattern, size int, ratio float64) Point { return Point{Size: size, Pattern: p, Ratio: ratio} }
	tests := []struct {
		name   string
		points []Point
		want   []Threshold
	}{
		{"a step", []Point{pt(same, 8192, 1), pt(same, 4096, 0), pt(same, 16384, 0.97)},
			[]Threshold{{Pattern: same, Below: 4096, From: 8192}}},
		{"none faults", []Point{pt(same, 4096, 0), pt(same, 8192, 0.1)},
			[]Threshold{{Pattern: same, Below: 8192}}},
		{"all fault", []Point{pt(same, 4096, 1), pt(same, 8192, 0.5)},
			[]Threshold{{Pattern: same, From: 4096}}},
		{"an exception below the step", []Point{pt(same, 4096, 1), pt(same, 8192, 0), pt(same, 16384, 0.2), pt(same, 32768, 1)},
			[]Threshold{{Pattern: same, Below: 16384, From: 32768, Exceptions: []int{4096}}}},
		{"two patterns, in order", []Point{pt(batch, 4096, 1), pt(same, 4096, 0)},
			[]Threshold{{Pattern: batch, From: 4096}, {Pattern: same, Below: 4096}}},
	}
	for _, tt := range tests {
		got := Thresholds(tt.points)
		if len(got) != len(tt.want) {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i].Pattern != tt.want[i].Pattern || got[i].Below != tt.want[i].Below || got[i].From != tt.want[i].From ||
				!slices.Equal(got[i].Exceptions, tt.want[i].Exceptions) {
				t.Errorf("%s: %+v, want %+v", tt.name, got[i], tt.want[i])
			}
		}
	}
}

func sampleResult() Result {
	same := Pattern{Kind: PatternSame}
	pts := []Point{
		{Size: 4096, Pattern: same, Pages: 1, First: 1, Faults: 0, NS: 300, Processes: 3},
		{Size: 350_336, Pattern: same, Pages: 86, First: 90, Faults: 86, Ratio: 1, NS: 9000, RatioLow: 1, RatioHigh: 1, Processes: 3},
	}
	return Result{Platform: "linux/amd64", OS: "Linux", CPU: "cpu", Go: "go1.26", PageSize: 4096, Rounds: 32, Repeats: 3, Marks: Marks,
		Backends: []Backend{{Name: "libc", About: "libc (posix_memalign, 64)", Points: pts, Thresholds: Thresholds(pts)}}}
}

func TestMarkdown(t *testing.T) {
	var b bytes.Buffer
	if err := sampleResult().Markdown(&b, "linux-amd64.svg"); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range []string{
		"# Give-back thresholds, linux/amd64",
		"![faults per page, by block size](linux-amd64.svg)",
		"## libc",
		"- `same`: faults from 342.1 KiB; reused at 4 KiB and below",
		"| 4 KiB (4,096 B) | 1 | 0 (1) | 300 |",
		"| 342.1 KiB (350,336 B), consolidated state | 86 | **86** (90) | 9000 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}

func TestJSONRoundTrip(t *testing.T) {
	r := sampleResult()
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(&b, "x.json")
	if err != nil {
		t.Fatal(err)
	}
	var b2 bytes.Buffer
	back.WriteJSON(&b2)
	var b1 bytes.Buffer
	r.WriteJSON(&b1)
	if b1.String() != b2.String() {
		t.Errorf("JSON does not round-trip:\n%s\n%s", b1.String(), b2.String())
	}
	for _, bad := range []struct{ in, err string }{
		{`{"platform":"x"}`, "x.json: no backends"},
		{`{"platform":"x","extra":1}`, `unknown field "extra"`},
		{`{`, "x.json"},
	} {
		if _, err := ReadJSON(strings.NewReader(bad.in), "x.json"); err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("ReadJSON(%q) error %v; want one with %q", bad.in, err, bad.err)
		}
	}
}

func TestBytes(t *testing.T) {
	for n, want := range map[int]string{512: "512 B", 4096: "4 KiB", 131_135: "128.1 KiB", 219_264: "214.1 KiB", 2 << 20: "2 MiB", 1_500_000: "1.4 MiB"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}
