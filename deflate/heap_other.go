//go:build !amd64

package deflate

import "unsafe"

// buildTreeNodes is buildTreeNodesGo on the platforms without it in assembly (amd64).
func (t *treeState) buildTreeNodes(tp unsafe.Pointer, elems uint) { t.buildTreeNodesGo(tp, elems) }
