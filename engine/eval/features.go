package eval

// Weight indices. Every term of the evaluation is weights[i] times a count,
// counted White minus Black.
const (
	wMaterial   = 0               // 5: pawn … queen
	wPST        = wMaterial + 5   // 6×64, from White's side (Black mirrored)
	wKnightMob  = wPST + 6*64     // 9: squares reached 0..8
	wBishopMob  = wKnightMob + 9  // 14
	wRookMob    = wBishopMob + 14 // 15
	wQueenMob   = wRookMob + 15   // 28
	wPassed     = wQueenMob + 28  // 8: by relative rank
	wDoubled    = wPassed + 8     // 1
	wIsolated   = wDoubled + 1    // 1
	wKingAttack = wIsolated + 1   // 4: N, B, R, Q attacks into the enemy king zone
	wKingShield = wKingAttack + 4 // 1: own pawns in front of the king
	wBishopPair = wKingShield + 1 // 1
	wRookOpen   = wBishopPair + 1 // 1: rook on a file without pawns
	wRookHalf   = wRookOpen + 1   // 1: rook on a file without own pawns
	wPassedFree = wRookHalf + 1   // 1: passed pawn whose stop square is empty
	wKingPassed = wPassedFree + 1 // 1: own king distance to own passers (endgame)
	wTempo      = wKingPassed + 1 // 1: side to move
	NumWeights  = wTempo + 1
)

// weightNames labels groups of weights for the tuner's report.
var weightNames = []struct {
	name  string
	start int
}{
	{"material", wMaterial}, {"pst", wPST}, {"knight mobility", wKnightMob},
	{"bishop mobility", wBishopMob}, {"rook mobility", wRookMob}, {"queen mobility", wQueenMob},
	{"passed", wPassed}, {"doubled", wDoubled}, {"isolated", wIsolated},
	{"king attack", wKingAttack}, {"king shield", wKingShield}, {"bishop pair", wBishopPair},
	{"rook open", wRookOpen}, {"rook half-open", wRookHalf}, {"passed free", wPassedFree},
	{"king-passer distance", wKingPassed}, {"tempo", wTempo},
}

// Weights returns the weights in force.
func Weights() [NumWeights]Score { return weights }

// WeightGroup names the group of weights that starts at index i, for the
// tuner's report and the comments of the weights file it writes.
func WeightGroup(i int) (name string, ok bool) {
	for _, g := range weightNames {
		if g.start == i {
			return g.name, true
		}
	}
	return "", false
}
