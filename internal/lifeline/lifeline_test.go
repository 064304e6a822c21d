package lifeline

import (
	"path/filepath"
	"testing"
)

func TestBuiltByGoRun(t *testing.T) {
	for _, tt := range []struct {
		exe  string
		want bool
	}{
		{"/tmp/go-build3141592/b001/exe/lab", true},
		{filepath.FromSlash("C:/Users/a/AppData/Local/Temp/go-build27/b001/exe/lab.exe"), true},
		{"/home/a/go/bin/lab", false},
		{"/home/a/deflatelab/exe/lab", false},                                                                     // an exe folder, but not go's work directory
		{"/root/.cache/go-build/55/555d7d41e004dbb7ced6147ee77c6ec8fa29c57e815b6ea98728e2582b959821-d/lab", true}, // go run, cached (Go 1.24+)
		{"/root/.cache/go-build/55/555d7d41-d/lab", false},
		{"/home/a/bin/lab", false},
	} {
		if got := builtByGoRun(tt.exe); got != tt.want {
			t.Errorf("builtByGoRun(%q) = %v, want %v", tt.exe, got, tt.want)
		}
	}
}
