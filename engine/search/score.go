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

// TableVerdict reports whether a score is the endgame tables' verdict on a
// position the search reached (TBWin less the plies to it): +1 won, −1
// lost, 0 for any other score. Evaluations never reach that range.
func TableVerdict(score int) int {
	switch {
	case IsMate(score):
		return 0
	case score > MaxEval:
		return 1
	case score < -MaxEval:
		return -1
	}
	return 0
}

// ScoreUnit splits a score as the API and the page report it:
// ("cp", centipawns), ("mate", moves) or ("tb", ±1) for a position the
// tables decide, won or lost at a distance the search does not know.
func ScoreUnit(score int) (unit string, value int) {
	if IsMate(score) {
		return "mate", MateMoves(score)
	}
	if v := TableVerdict(score); v != 0 {
		return "tb", v
	}
	return "cp", score
}

// FormatUCI returns "cp N" or "mate N" for a score. UCI has no word for a
// table verdict whose distance to mate the search does not know (a
// position the tables decide, reached inside the search): it goes out as
// Stockfish sends one, 200 pawns less a centipawn per ply to reach it,
// beyond any evaluation and read by GUIs as the win it is. A root the
// tables hold is reported as its mate (Searcher.search).
func FormatUCI(score int) string {
	if IsMate(score) {
		return fmt.Sprintf("mate %d", MateMoves(score))
	}
	if v := TableVerdict(score); v != 0 {
		plies := TBWin - v*score
		return fmt.Sprintf("cp %d", v*(TBCentipawns-plies))
	}
	return fmt.Sprintf("cp %d", score)
}

// TBCentipawns is how UCI text shows a table win at the root's distance
// (FormatUCI): 200 pawns.
const TBCentipawns = 20000

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
