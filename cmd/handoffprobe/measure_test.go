//go:build linux

package main

import (
	"runtime"
	"testing"
)

func TestMeasure(t *testing.T) {
	if runtime.NumCPU() < 2 {
		t.Skip("needs two processors")
	}
	r, err := measure(20)
	if err != nil {
		t.Fatal(err)
	}
	if r.Same <= 0 || r.Other <= 0 {
		t.Errorf("reading %+v: both passes must take time", r)
	}
}
