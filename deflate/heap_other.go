//go:build !amd64

package deflate

import "unsafe"

// downHeap is downHeapGo on the platforms without it in assembly (amd64).
func (t *treeState) downHeap(tp unsafe.Pointer, k uint) { t.downHeapGo(tp, k) }
