package hostbin

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

func TestPath(t *testing.T) {
	tests := []struct{ goos, variant, want string }{
		{"linux", "pooled", filepath.Join("bin", "linux-arm64", "host-pooled")},
		{"windows", "splitalloc", filepath.Join("bin", "linux-arm64", "host-splitalloc.exe")},
	}
	for _, tt := range tests {
		if got := Path(Dir("bin", "linux", "arm64"), tt.goos, tt.variant); got != tt.want {
			t.Errorf("Path(%s, %s) = %s, want %s", tt.goos, tt.variant, got, tt.want)
		}
	}
}

func TestBuildRejectsUnknownVariant(t *testing.T) {
	dir := t.TempDir()
	for _, vs := range [][]string{nil, {"control", "bogus"}} {
		err := Build(context.Background(), "linux", "amd64", dir, vs, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "[control pooled splitalloc]") {
			t.Errorf("Build(%v) = %v, want an error listing the variants", vs, err)
		}
	}
}
