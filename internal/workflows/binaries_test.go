package workflows

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// executableKind names the executable format a file starts with - ELF, PE (an MZ header whose e_lfanew
// points at "PE\0\0") or Mach-O (thin or universal) - or "" for anything else.
func executableKind(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x7fELF")):
		return "ELF"
	case len(head) >= 0x40 && bytes.HasPrefix(head, []byte("MZ")):
		if off := binary.LittleEndian.Uint32(head[0x3c:]); int(off)+4 <= len(head) && bytes.Equal(head[off:off+4], []byte("PE\x00\x00")) {
			return "PE"
		}
	case len(head) >= 4:
		switch binary.BigEndian.Uint32(head) {
		case 0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe:
			return "Mach-O"
		}
	}
	return ""
}

// No executable is tracked in git: built binaries (the root's host and lab were) belong to bin/ or the
// build cache, which .gitignore keeps out (issue 36).
func TestNoTrackedExecutables(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	cmd := exec.Command(git, "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		f, err := os.Open(filepath.Join(root, name))
		if err != nil {
			continue // deleted in the work tree, or a submodule
		}
		head := make([]byte, 4096)
		n, _ := io.ReadFull(f, head)
		f.Close()
		if kind := executableKind(head[:n]); kind != "" {
			t.Errorf("%s is a tracked %s executable: git rm --cached it (a build output, not source)", name, kind)
		}
	}
}

// executableKind knows each format by its first bytes, and takes a text file for none.
func TestExecutableKind(t *testing.T) {
	pe := make([]byte, 0x80)
	copy(pe, "MZ")
	binary.LittleEndian.PutUint32(pe[0x3c:], 0x40)
	copy(pe[0x40:], "PE\x00\x00")
	for _, tt := range []struct {
		head []byte
		want string
	}{
		{[]byte("\x7fELF\x02\x01\x01"), "ELF"}, {pe, "PE"}, {[]byte{0xcf, 0xfa, 0xed, 0xfe, 7}, "Mach-O"},
		{[]byte("MZ is a word too"), ""}, {[]byte("package main\n"), ""},
	} {
		if got := executableKind(tt.head); got != tt.want {
			t.Errorf("executableKind(%q) = %q, want %q", tt.head, got, tt.want)
		}
	}
}
