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
		{"/home/a/deflatelab/exe/lab", false}, // an exe folder, but not go's work directory
		{"/home/a/.cache/go-build/ab/abcdef-d/mage", false},
	} {
		if got := builtByGoRun(tt.exe); got != tt.want {
			t.Errorf("builtByGoRun(%q) = %v, want %v", tt.exe, got, tt.want)
		}
	}
}
