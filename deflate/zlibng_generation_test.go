//go:build zlibng && cgo

package deflate

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"sync"
	"testing"
)

// Both zlib-ng builds report version "2.2.2" (the 2.2.5 reference is 2.2.2 with PR #1938's two reverts),
// so the linked build's generation is stated with -zlibng and checked against the golden files by its
// output for generationProbe, on which the generations differ.
var zngGenFlag = flag.String("zlibng", ZlibNG225.String(), "generation of the linked zlib-ng build: 2.2.5 (2.2.2 with PR #1938) or 2.2.2; checked against the golden files")

var (
	linkedOnce sync.Once
	linkedGen  Generation
	linkedErr  error
)

// linkedGeneration is the generation -zlibng names, once the linked build's output for the probe case
// agrees: it fails the test when the build writes the other generation's bytes, or neither's (except
// under -update, which rewrites the named generation's file).
func linkedGeneration(t testing.TB) Generation {
	t.Helper()
	linkedOnce.Do(func() { linkedGen, linkedErr = probeLinkedGeneration() })
	if linkedErr != nil {
		t.Fatal(linkedErr)
	}
	return linkedGen
}

func probeLinkedGeneration() (Generation, error) {
	stated, err := ParseGeneration(*zngGenFlag)
	if err != nil {
		return 0, fmt.Errorf("-zlibng: %w", err)
	}
	c := generationProbe()
	out, err := runZng(c, c.in.bytes())
	if err != nil {
		return 0, fmt.Errorf("generation probe: %w", err)
	}
	sum := sha256.Sum256(out)
	digest := goldenDigest{hex.EncodeToString(sum[:]), len(out)}
	var writes []Generation // the generations whose golden file has the build's output
	for _, g := range Generations() {
		if d, ok := probeDigest(g); ok && d == digest {
			writes = append(writes, g)
		}
	}
	for _, g := range writes {
		if g == stated {
			return stated, nil
		}
	}
	if len(writes) > 0 {
		return 0, fmt.Errorf("-zlibng %s, but the linked zlib-ng writes %s's bytes (its %d-byte output for %v is in %s): link a %s build or say -zlibng %s",
			stated, writes[0], len(out), c, goldenPath(writes[0]), stated, writes[0])
	}
	if *update {
		// Rewriting a file: the build's output may be in neither yet, but it must not be the engine's
		// under the other generation only (no file may be filled with the other generation's bytes).
		for _, g := range Generations() {
			if g != stated && engineProbeWrites(g, out) && !engineProbeWrites(stated, out) {
				return 0, fmt.Errorf("-zlibng %s -update, but the linked zlib-ng writes what the engine writes under %s for %v: link a %s build",
					stated, g, c, stated)
			}
		}
		return stated, nil
	}
	return 0, fmt.Errorf("-zlibng %s, but the linked zlib-ng's %d-byte output for %v is in no golden file: it is neither generation's (see testdata/README.md)",
		stated, len(out), c)
}

// engineProbeWrites reports whether the engine under g writes out for the probe case.
func engineProbeWrites(g Generation, out []byte) bool {
	c := generationProbe()
	c.cfg.Generation = g
	got, err := runEngine(c, c.in.bytes())
	return err == nil && bytes.Equal(got, out)
}

// probeDigest is generation g's golden digest of the probe case; false when g has no readable golden
// file (yet: -update writes it).
func probeDigest(g Generation) (goldenDigest, bool) {
	gd, err := parseGolden(goldenPath(g))
	if err != nil {
		return goldenDigest{}, false
	}
	d, ok := gd.digests[caseKey(generationProbe())]
	return d, ok
}
