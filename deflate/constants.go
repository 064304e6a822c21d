package deflate

// DEFLATE alphabet sizes and limits, RFC 1951 section 3.2.5 and 3.2.7.
const (
	minMatch     = 3                       // shortest match DEFLATE can code (RFC 1951 3.2.5)
	maxMatch     = 258                     // longest match DEFLATE can code
	hashBytes    = 4                       // the hash reads 4 bytes (zlib-ng), so a position needs 4 valid bytes to be inserted
	minLookahead = maxMatch + minMatch + 1 // zlib's MIN_LOOKAHEAD: keep this much input ahead of strstart
	tooFar       = 4096                    // zlib's TOO_FAR: a length-3 match farther than this costs more than literals
	hashSize     = 1 << hashBits           // entries in head
	hashShift    = 32 - hashBits           // the multiplicative hash keeps the top hashBits bits
	hashMul      = 2654435761              // zlib-ng's HASH_CALC multiplier (Knuth's golden ratio prime)

	lengthCodes = 29                         // length codes 257..285
	literals    = 256                        // literal bytes 0..255
	lCodes      = literals + 1 + lengthCodes // 286 literal/length codes including END_BLOCK
	dCodes      = 30                         // distance codes
	blCodes     = 19                         // code length codes, RFC 1951 3.2.7
	heapSize    = 2*lCodes + 1               // nodes of the largest Huffman tree
	maxBits     = 15                         // longest literal/length or distance code
	maxBLBits   = 7                          // longest code length code
	endBlock    = 256                        // end-of-block symbol
	rep3To6     = 16                         // repeat previous length 3..6 times (2 extra bits)
	repz3To10   = 17                         // repeat zero 3..10 times (3 extra bits)
	repz11To138 = 18                         // repeat zero 11..138 times (7 extra bits)

	storedBlock = 0 // BTYPE 00
	staticTrees = 1 // BTYPE 01
	dynTrees    = 2 // BTYPE 10
)
