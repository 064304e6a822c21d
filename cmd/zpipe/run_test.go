package main

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
	"github.com/deflatelab/deflatelab/variants/varianttest"
)

func TestRunRoundTrip(t *testing.T) {
	payload := varianttest.Payload()
	tests := []struct {
		args []string
		cfg  deflate.Config
	}{
		{[]string{"-variant", "control"}, deflate.DefaultConfig()},
		{[]string{"-variant", "pooled", "-level", "9", "-wbits", "31"}, deflate.Config{Level: 9, WindowBits: 31, MemLevel: 8}},
		{[]string{"-variant", "splitalloc", "-force-split", "-level", "1", "-wbits", "15", "-memlevel", "9", "-strategy", "filtered"},
			deflate.Config{Level: 1, WindowBits: 15, MemLevel: 9, Strategy: deflate.Filtered}},
		{[]string{"-variant", "pooled", "-level", "0", "-memlevel", "7", "-strategy", "fixed"}, deflate.Config{Level: 0, WindowBits: -15, MemLevel: 7, Strategy: deflate.Fixed}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"-backend", "goheap"}, tt.args...)
			if code := run(args, bytes.NewReader(payload), &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, stderr.String())
			}
			if err := varianttest.CheckRoundTrip(tt.cfg, stdout.Bytes(), payload); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestRunUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want []string // the flag and what it allows
	}{
		{[]string{"-variant", "zopfli"}, append([]string{"-variant", `"zopfli"`}, variants.Names()...)},
		{[]string{"-backend", "tcmalloc"}, []string{"-backend", `"tcmalloc"`, "goheap"}},
		{[]string{"-level", "12"}, []string{"-level 12", "-1..9"}},
		{[]string{"-wbits", "16"}, []string{"-wbits 16", "8..15", "25..31"}},
		{[]string{"-memlevel", "0"}, []string{"-memlevel 0", "1..9"}},
		{[]string{"-strategy", "greedy"}, []string{"-strategy", `"greedy"`, "default", "filtered", "huffman", "rle", "fixed"}},
		{[]string{"-level", "six"}, []string{"-level", "six"}},
		{[]string{"-zlibng", "2.2.1"}, []string{"-zlibng", `"2.2.1"`, "2.2.5", "2.2.2"}},
		{[]string{"-zlibng", ""}, []string{"-zlibng", `""`, "2.2.5", "2.2.2"}},
		{[]string{"-force-split", "-variant", "pooled"}, []string{"-force-split", "splitalloc"}},
		{[]string{"extra"}, []string{`"extra"`}},
		{[]string{"-nope"}, []string{"-nope"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"-backend", "goheap"}, tt.args...), strings.NewReader("x"), &stdout, &stderr)
			if code != exitUsage {
				t.Fatalf("exit %d, want %d; stderr %q", code, exitUsage, stderr.String())
			}
			if stdout.Len() != 0 {
				t.Errorf("a usage error wrote %d bytes to stdout", stdout.Len())
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr %q does not mention %q", stderr.String(), w)
				}
			}
		})
	}
}

// TestRunGeneration checks that -zlibng reaches the engine: each generation's output is the engine's
// under that generation, the default is 2.2.5's, and on the payload at level 6 (long matches, where
// deflate_medium's generations differ) the two differ.
func TestRunGeneration(t *testing.T) {
	payload := varianttest.Payload()
	outputs := map[string][]byte{}
	for _, flag := range []string{"", "2.2.5", "2.2.2"} {
		args := []string{"-backend", "goheap", "-level", "6"}
		if flag != "" {
			args = append(args, "-zlibng", flag)
		}
		var stdout, stderr bytes.Buffer
		if code := run(args, bytes.NewReader(payload), &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d, stderr %q", args, code, stderr.String())
		}
		outputs[flag] = stdout.Bytes()
	}
	for _, g := range deflate.Generations() {
		cfg := deflate.DefaultConfig()
		cfg.Generation = g
		if want := engineOutput(t, cfg, payload); !bytes.Equal(outputs[g.String()], want) {
			t.Errorf("-zlibng %s wrote %d bytes, the engine under %s %d (or other bytes)", g, len(outputs[g.String()]), g, len(want))
		}
	}
	if !bytes.Equal(outputs[""], outputs["2.2.5"]) {
		t.Error("the default output is not -zlibng 2.2.5's")
	}
	if bytes.Equal(outputs["2.2.5"], outputs["2.2.2"]) {
		t.Error("-zlibng 2.2.5 and 2.2.2 wrote the same bytes for the payload at level 6")
	}
}

// engineOutput compresses data with the engine directly.
func engineOutput(t *testing.T, cfg deflate.Config, data []byte) []byte {
	t.Helper()
	s, err := deflate.New(cfg, deflate.GoHeap, deflate.Consolidated)
	if err != nil {
		t.Fatal(err)
	}
	defer s.End()
	var out bytes.Buffer
	w := deflate.NewWriter(&out, s)
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestDescribeGeneration checks that -describe names the generation, in plain words and in the config.
func TestDescribeGeneration(t *testing.T) {
	tests := []struct {
		args       []string
		want, dont string
	}{
		{nil, "zlib-ng 2.2.5 (.NET 10 and later)", "zlibng=2.2.2"},
		{[]string{"-zlibng", "2.2.2"}, "zlib-ng 2.2.2 (.NET 9", "2.2.5"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		args := append([]string{"-describe", "-backend", "goheap"}, tt.args...)
		if code := run(args, nil, &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d, stderr %q", args, code, stderr.String())
		}
		if out := stdout.String(); !strings.Contains(out, tt.want) || strings.Contains(out, tt.dont) {
			t.Errorf("%v: -describe printed\n%s\nwant %q, not %q", args, out, tt.want, tt.dont)
		}
	}
}

// failingWriter refuses every write, like a closed pipe.
type failingWriter struct{}

var errClosedPipe = errors.New("closed pipe")

func (failingWriter) Write([]byte) (int, error) { return 0, errClosedPipe }

// countingFailWriter refuses every write, like a full disk, and counts the attempts.
type countingFailWriter struct{ writes int }

func (w *countingFailWriter) Write([]byte) (int, error) {
	w.writes++
	return 0, errClosedPipe
}

// A destination that fails is reported once, whether it fails while compressing (a large input)
// or only when Close flushes (a small one), and written to once.
func TestRunDestinationFailure(t *testing.T) {
	large := make([]byte, 2<<20) // incompressible: the output overflows the compressor's buffers mid-copy
	rand.NewChaCha8([32]byte{1}).Read(large)
	for _, variant := range variants.Names() {
		for name, input := range map[string][]byte{"small": varianttest.Payload(), "large": large} {
			t.Run(variant+"/"+name, func(t *testing.T) {
				var stderr bytes.Buffer
				dst := &countingFailWriter{}
				code := run([]string{"-backend", "goheap", "-variant", variant}, bytes.NewReader(input), dst, &stderr)
				if code != exitError || strings.Count(stderr.String(), "closed pipe") != 1 {
					t.Errorf("exit %d, stderr %q; want %d and the destination's error once", code, stderr.String(), exitError)
				}
				if dst.writes != 1 {
					t.Errorf("%d writes to a destination that failed the first", dst.writes)
				}
			})
		}
	}
}

// -h shows how to make a .gz, since the default output is raw deflate.
func TestUsageShowsGzip(t *testing.T) {
	var stderr bytes.Buffer
	if code := run([]string{"-h"}, strings.NewReader(""), io.Discard, &stderr); code != exitOK {
		t.Fatalf("-h: exit %d", code)
	}
	for _, want := range []string{"raw deflate", "zpipe -wbits 31 < notes.txt > notes.txt.gz", "gunzip"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("-h lacks %q:\n%s", want, stderr.String())
		}
	}
}

func TestRunDescribe(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"-variant", "control"}, []string{"split      false", "1 blocks, 350336 bytes", "0      350336", "head         0      131072  131072"}},
		{[]string{"-variant", "splitalloc", "-force-split"}, []string{"split      true", "2 blocks, 350399 bytes", "0      219264", "1      131135",
			"head         1      0       131072", "free order [1 0]"}},
		{[]string{"-variant", "pooled", "-memlevel", "9", "-wbits", "31"}, []string{"1 blocks, 432256 bytes", "pending      0      262144  163840"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"-describe", "-backend", "goheap"}, tt.args...)
			if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, stderr.String())
			}
			got := squeeze(stdout.String())
			for _, w := range tt.want {
				if !strings.Contains(got, squeeze(w)) {
					t.Errorf("describe output lacks %q:\n%s", w, stdout.String())
				}
			}
		})
	}
}

// squeeze collapses each run of spaces to one, so that checks do not depend on column widths.
func squeeze(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// failingReader gives data, then an error, as a directory or a failing pipe does.
type failingReader struct {
	data []byte
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if len(f.data) == 0 {
		return 0, f.err
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}

// A read error exits non-zero and leaves the stream without its end, so a truncated input cannot pass
// for a whole one (issue 21 item 8).
func TestRunReadFailure(t *testing.T) {
	payload := varianttest.Payload()
	for _, wbits := range []string{"31", "15", "-15"} {
		var stdout, stderr bytes.Buffer
		in := &failingReader{data: payload[:len(payload)/2], err: errors.New("read /dev/stdin: is a directory")}
		code := run([]string{"-backend", "goheap", "-wbits", wbits}, in, &stdout, &stderr)
		if code != exitError || !strings.Contains(stderr.String(), "is a directory") || !strings.Contains(stderr.String(), "unfinished stream") {
			t.Errorf("-wbits %s: exit %d, stderr %q", wbits, code, stderr.String())
		}
		cfg := deflate.DefaultConfig()
		cfg.WindowBits = map[string]int{"31": 31, "15": 15, "-15": -15}[wbits]
		if err := varianttest.CheckRoundTrip(cfg, stdout.Bytes(), payload[:len(payload)/2]); err == nil {
			t.Errorf("-wbits %s: the output of a failed read is a complete, valid stream", wbits)
		}
	}
}
