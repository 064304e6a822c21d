//go:build linux

// Package proctest finds the processes a test started, however deep, for tests that stop the lab with
// signals and must prove that nothing is left behind: every process started under a Marker inherits
// its environment variable, and Alive lists the processes whose environment still holds it.
package proctest

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// markerVar is the variable a Marker sets; it is not a DEFLATELAB_* variable, which the targets check.
const markerVar = "LAB_PROCTEST_MARKER"

// Marker is one test's tag on its processes.
type Marker string

// NewMarker makes a marker no other test shares.
func NewMarker() Marker {
	b := make([]byte, 8)
	rand.Read(b)
	return Marker(hex.EncodeToString(b))
}

// Env is the environment entry to give the first process.
func (m Marker) Env() string { return markerVar + "=" + string(m) }

// Alive lists the pids of live (not zombie) processes carrying the marker, this one excluded.
func (m Marker) Alive() []int {
	want := []byte(m.Env() + "\x00")
	var pids []int
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		pid, err := strconv.Atoi(filepath.Base(d))
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(filepath.Join(d, "environ"))
		if err != nil || !bytes.Contains(append(env, 0), want) {
			continue
		}
		if stat, err := os.ReadFile(filepath.Join(d, "stat")); err == nil && zombie(stat) {
			continue
		}
		pids = append(pids, pid)
	}
	return pids
}

// zombie says whether a /proc/PID/stat line is a zombie's (state Z: dead, waiting to be reaped).
func zombie(stat []byte) bool {
	i := bytes.LastIndexByte(stat, ')')
	return i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z'
}

// WaitGone waits up to d for every marked process to end and returns those still alive.
func (m Marker) WaitGone(d time.Duration) []int {
	deadline := time.Now().Add(d)
	for {
		alive := m.Alive()
		if len(alive) == 0 || time.Now().After(deadline) {
			return alive
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Describe is "pid: command line" for each pid, for a failure message.
func Describe(pids []int) string {
	var b bytes.Buffer
	for _, p := range pids {
		cmd, _ := os.ReadFile("/proc/" + strconv.Itoa(p) + "/cmdline")
		b.WriteString(strconv.Itoa(p) + ": " + string(bytes.ReplaceAll(bytes.TrimRight(cmd, "\x00"), []byte{0}, []byte{' '})) + "\n")
	}
	return b.String()
}
