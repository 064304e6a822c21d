// Command mage is this repository's `go tool mage`: upstream mage (github.com/magefile/mage, the
// version go.mod pins) with its compile step made safe to run twice at once in one checkout.
//
// Upstream mage compiles the magefile on every run (so that a change to any package it imports is
// picked up) by writing mage_output_file.go beside magefile.go, running "go build" and deleting the
// file. Two targets started together in one checkout share that file: one deletes it while the other
// compiles, and the second fails with "open ./mage_output_file.go: no such file or directory" (mage
// issue 247; 16 of 18 concurrent starts here). MAGEFILE_HASHFAST=1 avoids the file only by never
// recompiling once a binary exists for the magefile's text, so a change to internal/tasks or the lab
// would go unseen; this command keeps upstream's rebuild and takes a lock instead:
//
//   - generating and compiling hold an exclusive lock on a file in mage's cache directory, one per
//     magefile directory, so compiles in one checkout take turns (a compile with nothing changed is
//     "go build" finding its output up to date, well under a second of the lock);
//   - the binary is compiled to a path of its own per checkout (upstream keys it on the magefile's
//     text alone, so two checkouts with the same magefile would overwrite each other's binary);
//   - the targets then run without the lock, so two long targets still run side by side.
//
// Stopping it stops what it runs (runCompiled): SIGINT and SIGTERM are forwarded, once, to the compiled
// magefile, which runs in a process group of its own and dies with this process; the magefile turns
// them into a cancelled context, its targets stop their children and write what they must (a bench's
// run.json), and this command exits 128 + the signal's number (130, 143), never 0. Upstream mage
// ignored SIGTERM here and died, and the go command that runs "go tool mage" exits 0 when its tool dies
// of a signal, so a CI step's timeout looked like success and the target ran on, orphaned.
//
// Listing (-l), help (-h) and mage's other commands write nothing into the checkout and go to
// upstream mage unchanged.
package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"

	"github.com/magefile/mage/mage"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	errlog := log.New(stderr, "", 0)
	inv, cmd, err := mage.Parse(io.Discard, io.Discard, args)
	if err != nil || inv.List || inv.Help || inv.Autocomplete || (cmd != mage.None && cmd != mage.CompileStatic) {
		return mage.ParseAndRun(stdout, stderr, stdin, args) // nothing written beside the magefile; upstream prints any error
	}
	inv.Stdout, inv.Stderr, inv.Stdin = stdout, stderr, stdin
	dir, err := magefileDir(inv)
	if err != nil {
		errlog.Println("Error:", err)
		return 1
	}
	key := fmt.Sprintf("%x", sha256.Sum256([]byte(dir)))[:16]
	if err := os.MkdirAll(inv.CacheDir, 0o755); err != nil {
		errlog.Println("Error:", err)
		return 1
	}
	unlock, err := lockFile(filepath.Join(inv.CacheDir, "deflatelab-"+key+".lock"))
	if err != nil {
		errlog.Println("Error: locking mage's compile step:", err)
		return 1
	}
	if cmd == mage.CompileStatic { // -compile: upstream compiles to the path given, under the lock
		defer unlock()
		return mage.Invoke(inv)
	}
	exe := filepath.Join(inv.CacheDir, "deflatelab-"+key)
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	stop := catchSignals() // from here on, a signal stops the run instead of killing this process
	defer stop.release()
	compile := inv
	compile.CompileOut = exe
	compile.Force = true // always "go build": it is what notices a change in an imported package
	code := mage.Invoke(compile)
	unlock()
	if code != 0 {
		return code
	}
	if sig := stop.received(); sig != nil {
		errlog.Printf("mage: %v before the target started; not running it", sig)
		return exitCode(sig)
	}
	return runCompiled(inv, exe, errlog, stop)
}

// magefileDir is the absolute directory mage compiles in, found as upstream's Invoke finds it: -d or
// the current directory, or its magefiles/ subdirectory when that exists and the directory itself has
// no magefile.
func magefileDir(inv mage.Invocation) (string, error) {
	dir := inv.Dir
	if dir == "" {
		dir = "."
	}
	sub := filepath.Join(dir, mage.MagefilesDirName)
	if st, err := os.Stat(sub); err == nil && st.IsDir() {
		if files, err := mage.Magefiles(dir, inv.GOOS, inv.GOARCH, false); err != nil || len(files) == 0 {
			dir = sub
		}
	}
	return filepath.Abs(dir)
}
