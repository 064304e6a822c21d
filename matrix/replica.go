package matrix

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxReplicas bounds K in -replica I/K: each replica is a whole run of the plan on its own runner.
const MaxReplicas = 16

// Replica is one of Count independent runs of one plan (lab bench -replica Index/Count), each on its own
// runner instance as a rule; lab merge combines them, and the report treats each run as one instance.
type Replica struct {
	Index int `json:"index"` // 1..Count
	Count int `json:"count"`
}

func (r Replica) String() string { return fmt.Sprintf("%d/%d", r.Index, r.Count) }

// ParseReplica reads "I/K": replica I of K, 1 <= I <= K <= MaxReplicas.
func ParseReplica(s string) (Replica, error) {
	i, k, ok := strings.Cut(strings.TrimSpace(s), "/")
	index, err1 := strconv.Atoi(i)
	count, err2 := strconv.Atoi(k)
	if !ok || err1 != nil || err2 != nil || count < 1 || count > MaxReplicas || index < 1 || index > count {
		return Replica{}, fmt.Errorf("matrix: replica %q: want I/K with 1 <= I <= K <= %d (replica I of K, e.g. 2/3)", s, MaxReplicas)
	}
	return Replica{Index: index, Count: count}, nil
}

// Machine is the machine a run ran on, as run.json records it: what tells two runner instances apart.
type Machine struct {
	Hostname   string `json:"hostname"`
	Runner     string `json:"runner,omitempty"` // $RUNNER_NAME on a GitHub runner
	CPU        string `json:"cpu"`
	Processors int    `json:"processors"`
}

func (m Machine) String() string {
	name := m.Hostname
	if m.Runner != "" {
		name = m.Runner + " (" + m.Hostname + ")"
	}
	return fmt.Sprintf("%s, %s, %d processors", name, m.CPU, m.Processors)
}
