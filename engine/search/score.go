package search

import "fmt"

// Score bounds. Mate scores count plies from the root: Mate-n means "we
// mate in n plies", -(Mate-n) "we are mated in n plies".
const (
	Infinity  = 32001
	Mate      = 32000
	MaxPly    = 128
	MateInMax = Mate - MaxPly    // scores beyond this are mates
	MaxEval   = MateInMax - 1000 // static evaluations are clamped to ±MaxEval
	noEval    = -Infinity        // static eval of a position in check (none)
)

// IsMate reports whether score announces a mate for either side.
func IsMate(score int) bool { return score >= MateInMax || score <= -MateInMax }

// MateMoves converts a mate score into moves (positive: we mate; negative:
// we are mated), as UCI's "score mate N" reports it.
func MateMoves(score int) int {
	if score > 0 {
		return (Mate - score + 1) / 2
	}
	return -(Mate + score) / 2
}

// ScoreUnit splits a score as UCI reports it, and the API and the page
// after it: ("cp", centipawns) or ("mate", moves).
func ScoreUnit(score int) (unit string, value int) {
	if IsMate(score) {
		return "mate", MateMoves(score)
	}
	return "cp", score
}

// FormatUCI returns "cp N" or "mate N" for a score.
func FormatUCI(score int) string {
	unit, v := ScoreUnit(score)
	return fmt.Sprintf("%s %d", unit, v)
}

// toTT and fromTT convert mate scores between "from the root" (search) and
// "from this node" (table), so a mate found through one path is scored
// correctly when the table returns it at another depth.
func toTT(score, ply int) int {
	switch {
	case score >= MateInMax:
		return score + ply
	case score <= -MateInMax:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score >= MateInMax:
		return score - ply
	case score <= -MateInMax:
		return score + ply
	}
	return score
}
