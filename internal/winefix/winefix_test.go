package winefix_test

import (
	"os"
	"path/filepath"
	"testing"

	_ "github.com/deflatelab/deflatelab/internal/winefix"
)

func TestRemoveUnderWine(t *testing.T) {
	d := t.TempDir()
	os.WriteFile(filepath.Join(d, "f"), []byte("x"), 0o644)
	if err := os.RemoveAll(d); err != nil {
		t.Fatal(err)
	}
}
