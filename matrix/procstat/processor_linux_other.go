//go:build linux && !amd64

package procstat

// processor is the getcpu system call: Go cannot call the vDSO's getcpu without cgo.
func processor() int { return getcpu() }

func processorMethod() string {
	if getcpu() < 0 {
		return ""
	}
	return "getcpu"
}
