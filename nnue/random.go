package nnue

import "math/rand/v2"

// RandomNet returns a net with seeded random weights inside the format's
// bounds. It exercises every code path (tests, benchmarks, the embedded
// net until a trained one replaces it) but plays no sensible chess.
func RandomNet(hidden int, seed uint64) *Net {
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	const qb = 64 // output weights of about one unit: scores of a few hundred centipawns
	n := &Net{Hidden: hidden, KingBuckets: 1, Buckets: 1, Activation: ActCReLU, QB: qb, FTWeights: alignedInt16(Inputs * hidden), FTBias: alignedInt16(hidden), OutWeights: alignedInt16(2 * hidden)}
	for i := range n.FTWeights {
		n.FTWeights[i] = int16(rng.IntN(2*maxFTWeight/8+1) - maxFTWeight/8)
	}
	for i := range n.FTBias {
		n.FTBias[i] = int16(rng.IntN(257) - 128)
	}
	for i := range n.OutWeights {
		n.OutWeights[i] = int16(rng.IntN(2*qb+1) - qb)
	}
	n.OutBias = []int32{int32(rng.IntN(2001) - 1000)}
	return n
}
