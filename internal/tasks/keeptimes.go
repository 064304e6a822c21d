package tasks

import (
	"bytes"
	"crypto/sha256"
	"io"
	"os"
	"path/filepath"
	"time"
)

// outputHead is how much of a build output identifies its bytes: the go command rewrites an output
// only when its Go build ID changes, and the build ID lies in the first 32 KiB of ELF and PE files
// (cmd/internal/buildid reads that much to find it).
const outputHead = 32 << 10

// stamp is a build output as the go command left it: size and a hash of its head, which change
// whenever go rewrote it, and its modification time.
type stamp struct {
	size int64
	head [sha256.Size]byte
	mod  time.Time
}

// stampFiles stamps the regular files directly in each dir (missing dirs have none).
func stampFiles(dirs ...string) map[string]stamp {
	out := map[string]stamp{}
	for _, dir := range dirs {
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			p := filepath.Join(dir, e.Name())
			if st, ok := stampFile(p); ok {
				out[p] = st
			}
		}
	}
	return out
}

func stampFile(path string) (stamp, bool) {
	f, err := os.Open(path)
	if err != nil {
		return stamp{}, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return stamp{}, false
	}
	h := sha256.New()
	if _, err := io.CopyN(h, f, outputHead); err != nil && err != io.EOF {
		return stamp{}, false
	}
	st := stamp{size: fi.Size(), mod: fi.ModTime()}
	copy(st.head[:], h.Sum(nil))
	return st, true
}

// keepTimes gives every output the go command found up to date its modification time back. "go
// build -o" and "go test -c -o" do not rewrite such an output, but they set its modification time to
// now, so a no-change build looked, to make, rsync or a reader of ls -l, as if it had rebuilt
// everything. An output go did rewrite keeps its new time.
func keepTimes(before map[string]stamp) {
	for p, old := range before {
		now, ok := stampFile(p)
		if ok && now.size == old.size && bytes.Equal(now.head[:], old.head[:]) && !now.mod.Equal(old.mod) {
			os.Chtimes(p, time.Time{}, old.mod) // best effort: a failure only leaves go's time
		}
	}
}
