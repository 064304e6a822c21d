package workflows

// Pin is one release of an action the workflows use: the commit its tag points to.
type Pin struct {
	Action, Tag, Commit string
}

// VerifiedPins are the only action commits the workflows may use. Each was checked against the
// action's own repository, not copied from a README: in a clone of github.com/<action> (this lab's
// session used its snapshot of 2026-03-01), `git rev-parse <tag>^{commit}` printed the commit.
// To move a pin, do the same for the new tag and change the workflow and this list together.
//
// actions/upload-artifact was pinned to 043fb46d1a93c77aae656e7c1c64a875d1fc6a0a "v7.0.1" before:
// that commit is in no tag of the repository snapshot (whose newest tag, v7.0.0, is bbbca2dd), so it
// could not be verified and was re-pinned to v7.0.0, which has the same inputs (overwrite,
// if-no-files-found) and runtime (node24).
var VerifiedPins = []Pin{
	{"actions/checkout", "v6.0.2", "de0fac2e4500dabe0009e67214ff5f5447ce83dd"},
	{"actions/setup-go", "v6.4.0", "4a3601121dd01d1626a1e23e37211e3254c1c06c"},
	{"actions/upload-artifact", "v7.0.0", "bbbca2ddaa5d8feaa63e36b76fdaad77386f024f"},
	{"actions/download-artifact", "v8.0.1", "3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c"},
	// Checked in the repository snapshot of 2026-12-01 (whose newest tag is v5.0.5): the Go caches per
	// job, which setup-go cannot key (its key is the runner type and go.sum's hash alone).
	{"actions/cache", "v5.0.5", "27d5ce7f107fe9357f9df03efb73ab90386fccae"},
}
