package deflate

// levelConfig is one row of zlib-ng's configuration_table.
type levelConfig struct {
	good  int // reduce the lazy search above this match length
	lazy  int // do not perform lazy search above this match length (deflate_fast: max insert length)
	nice  int // quit the search above this match length
	chain int // hash chain links to follow
	fn    compressFunc
}

// compressFunc names the compress function a level runs (zlib-ng's configuration_table[].func).
type compressFunc uint8

const (
	funcStored compressFunc = iota // deflate_stored
	funcQuick                      // deflate_quick: static trees, one hash probe, no chains
	funcFast                       // deflate_fast: greedy
	funcMedium                     // deflate_medium: greedy with one step of look-ahead and match fixing
	funcSlow                       // deflate_slow: lazy
)

// configTable is zlib-ng 2.2's configuration_table as its default build has it (quick and medium
// strategies on): level 0 stores, 1 is deflate_quick, 2 deflate_fast, 3-6 deflate_medium, 7-9
// deflate_slow; level 9's chain above 1024 selects the rolling hash and longest_match_slow.
var configTable = [10]levelConfig{
	{0, 0, 0, 0, funcStored},
	{0, 0, 0, 0, funcQuick},
	{4, 4, 8, 4, funcFast},
	{4, 6, 16, 6, funcMedium},
	{4, 12, 32, 24, funcMedium},
	{8, 16, 32, 32, funcMedium},
	{8, 16, 128, 128, funcMedium},
	{8, 32, 128, 256, funcSlow},
	{32, 128, 258, 1024, funcSlow},
	{32, 258, 258, 4096, funcSlow},
}
