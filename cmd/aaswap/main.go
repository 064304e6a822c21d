// Command aaswap is the outside label swap of issue 34: it reads a raw results file (samples.jsonl) and
// writes a copy in which, independently in each (cell, run, round) with probability 1/2, the measurements
// of control and the A/A candidate `aa` are exchanged - the records keep their labels, planned positions
// and start times, so the plan still screens clean, and each result's own variant field follows its
// record. Control and aa are the same host, so every such copy is an equally likely outcome of the same
// run; a report rendered from it should name A/A differences at its stated level, no more. It reads
// nothing of the lab's packages (only JSON), so it checks the lab's own label swaps (lab aanull) from
// outside.
//
//	go run ./cmd/aaswap -in reports/X/raw/Y/samples.jsonl -out /tmp/swap1/raw/Y/samples.jsonl -seed 1
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
)

func main() {
	in := flag.String("in", "", "the samples.jsonl to read")
	out := flag.String("out", "", "the samples.jsonl to write (its directory is created)")
	seed := flag.Uint64("seed", 1, "the swaps' seed")
	flag.Parse()
	if *in == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "aaswap: give -in and -out")
		os.Exit(2)
	}
	if err := run(*in, *out, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "aaswap:", err)
		os.Exit(1)
	}
}

func run(in, out string, seed uint64) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	var recs []map[string]json.RawMessage
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	for sc.Scan() {
		var r map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return fmt.Errorf("%s line %d: %w", in, len(recs)+1, err)
		}
		recs = append(recs, r)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	// Pair control's and aa's record of each (cell, run, round).
	type pair struct{ control, aa int }
	pairs := map[string]*pair{}
	var order []string
	for i, r := range recs {
		var variant string
		if err := json.Unmarshal(r["variant"], &variant); err != nil {
			return fmt.Errorf("line %d: variant: %w", i+1, err)
		}
		if variant != "control" && variant != "aa" {
			continue
		}
		k := string(r["cell"]) + "|" + string(r["run"]) + "|" + string(r["round"])
		p := pairs[k]
		if p == nil {
			p = &pair{-1, -1}
			pairs[k] = p
			order = append(order, k)
		}
		if variant == "control" {
			p.control = i
		} else {
			p.aa = i
		}
	}
	rng := rand.New(rand.NewPCG(seed, 34))
	swapped := 0
	for _, k := range order {
		p := pairs[k]
		if rng.IntN(2) == 0 || p.control < 0 || p.aa < 0 {
			continue
		}
		c, a := recs[p.control], recs[p.aa]
		for _, field := range []string{"ok", "wallNs", "result", "error"} {
			c[field], a[field] = a[field], c[field]
			if c[field] == nil {
				delete(c, field)
			}
			if a[field] == nil {
				delete(a, field)
			}
		}
		for _, r := range []map[string]json.RawMessage{c, a} {
			if r["result"] == nil || string(r["result"]) == "null" {
				continue
			}
			var res map[string]json.RawMessage
			if err := json.Unmarshal(r["result"], &res); err != nil {
				return err
			}
			res["variant"] = r["variant"]
			b, err := json.Marshal(res)
			if err != nil {
				return err
			}
			r["result"] = b
		}
		swapped++
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	o, err := os.Create(out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(o)
	for _, r := range recs {
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		w.Write(append(b, '\n'))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "aaswap: %d of %d control/aa pairs exchanged\n", swapped, len(order))
	return o.Close()
}
