package board

// Zobrist keys come from a fixed-seed splitmix64 stream so that hashes, and
// with them search results, are the same in every build and on every run.
var (
	zobristPiece  [16][64]uint64 // by Piece; rows 12..15 unused (padding for masked indexing)
	zobristCastle [16]uint64
	zobristEP     [8]uint64
	zobristSide   uint64
)

func init() {
	state := uint64(0x4b6962697a5a6f62)
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for pc := range 12 {
		for sq := range zobristPiece[pc] {
			zobristPiece[pc][sq] = next()
		}
	}
	// Each right gets a key; a set of rights hashes to the XOR of its members.
	var rightKeys [4]uint64
	for i := range rightKeys {
		rightKeys[i] = next()
	}
	for set := range zobristCastle {
		for i := range rightKeys {
			if set&(1<<i) != 0 {
				zobristCastle[set] ^= rightKeys[i]
			}
		}
	}
	for f := range zobristEP {
		zobristEP[f] = next()
	}
	zobristSide = next()
}
