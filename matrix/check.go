package matrix

import (
	"fmt"
	"strings"
)

// MismatchError reports a cell whose variants did not produce the same output: every variant compresses
// the same operations, so any difference in output bytes or digest is a correctness bug, not noise.
type MismatchError struct {
	Cell    Cell
	Details []string // one per disagreeing sample: round, variant, bytes and digest against the reference
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("matrix: output mismatch in cell %s (%s): %s", e.Cell, e.Cell.Platform, strings.Join(e.Details, "; "))
}

// CheckCell compares the OK samples of one cell: within each round every variant must report the same
// output bytes and digest, and so must every round (the operations are the same in each). The reference
// is the first OK sample. Failed samples are not compared; they are counted as failures elsewhere.
func CheckCell(cell Cell, samples []Sample) error {
	var ref *Sample
	e := &MismatchError{Cell: cell}
	for i := range samples {
		s := &samples[i]
		if s.Cell != cell || !s.OK || s.Result == nil {
			continue
		}
		if ref == nil {
			ref = s
			continue
		}
		if s.Result.OutputBytes != ref.Result.OutputBytes || s.Result.Digest != ref.Result.Digest {
			e.Details = append(e.Details, fmt.Sprintf("round %d %s wrote %d bytes, digest %s; round %d %s wrote %d bytes, digest %s",
				s.Round, s.Variant, s.Result.OutputBytes, s.Result.Digest,
				ref.Round, ref.Variant, ref.Result.OutputBytes, ref.Result.Digest))
		}
	}
	if len(e.Details) > 0 {
		return e
	}
	return nil
}
