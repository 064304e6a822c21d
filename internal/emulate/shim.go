package emulate

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// shimSource is bcryptprimitives.dll's C source: ProcessPrng over RtlGenRandom.
//
//go:embed shim/processprng.c
var shimSource []byte

// shimDLL is the name Go's runtime loads ProcessPrng from, in system32 only.
const shimDLL = "bcryptprimitives.dll"

// mingwGCC is the cross compiler for the shim (Debian gcc-mingw-w64-x86-64).
const mingwGCC = "x86_64-w64-mingw32-gcc"

// BuildShim compiles the ProcessPrng shim with gcc (a path to
// x86_64-w64-mingw32-gcc) into dir/shim-<source hash>/bcryptprimitives.dll
// and returns that path. A DLL already built from the same source is reused.
func BuildShim(ctx context.Context, gcc, dir string) (string, error) {
	sum := sha256.Sum256(shimSource)
	out := filepath.Join(dir, "shim-"+hex.EncodeToString(sum[:6]))
	dll := filepath.Join(out, shimDLL)
	if _, err := os.Stat(dll); err == nil {
		return dll, nil
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", fmt.Errorf("emulate: shim: %w", err)
	}
	src := filepath.Join(out, "processprng.c")
	if err := os.WriteFile(src, shimSource, 0o644); err != nil {
		return "", fmt.Errorf("emulate: shim: %w", err)
	}
	// Build to a temporary name and rename, so an interrupted build never
	// leaves a half-written DLL that a later run would reuse.
	tmp := dll + ".tmp"
	cmd := exec.CommandContext(ctx, gcc, "-shared", "-O2", "-o", tmp, src, "-ladvapi32")
	if msg, err := cmd.CombinedOutput(); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("emulate: shim: %s: %w\n%s", cmd, err, msg)
	}
	if err := os.Rename(tmp, dll); err != nil {
		return "", fmt.Errorf("emulate: shim: %w", err)
	}
	return dll, nil
}
