package deflate

// levelConfig is one row of zlib's configuration_table.
type levelConfig struct {
	good  int // reduce the lazy search above this match length
	lazy  int // do not perform lazy search above this match length (greedy levels: max insert length)
	nice  int // quit the search above this match length
	chain int // hash chain links to follow
}

// configTable is zlib's configuration_table: level 0 stores, 1-3 match greedily (deflate_fast), 4-9
// lazily (deflate_slow).
var configTable = [10]levelConfig{
	{0, 0, 0, 0},
	{4, 4, 8, 4},
	{4, 5, 16, 8},
	{4, 6, 32, 32},
	{4, 4, 16, 16},
	{8, 16, 32, 32},
	{8, 16, 128, 128},
	{8, 32, 128, 256},
	{32, 128, 258, 1024},
	{32, 258, 258, 4096},
}
