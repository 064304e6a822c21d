package resultsdir

// BeforeWrite is asked before every write that needs space in a results directory: a sample's line, the
// creation and content of every atomic rewrite (run.json, bench.txt, a pinned host), and the lock's
// record. op is "create" or "write" for a write that needs new space, "overwrite" for one in place over
// blocks the file has (the lock's record), which a full disk still takes. It returns nil; tests replace it to fail the Nth write as a full disk would, and check that no
// record written before is lost (diskfull_test.go).
var BeforeWrite = func(op, path string) error { return nil }
