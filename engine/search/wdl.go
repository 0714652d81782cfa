package search

import "math"

// WDLModel turns a score into the chances of a win, a draw and a loss for
// the side to move: win = σ((s − a)/b), loss = σ((−s − a)/b), draw the
// rest, where s is the score in centipawns and a and b are quadratics in
// the men on the board (x = men/32): with fewer men a pawn decides more,
// as Stockfish's model has it. The model is symmetric by construction:
// a score of −s gives the win and loss of s exchanged.
type WDLModel struct {
	A0, A1, A2, B0, B1, B2 float64
}

// wdlModel is fitted on Kibitz's own self-play: 1.38 M positions (every
// 20th) of generation 7's games at 5 000 nodes a move in the shared
// shards, their search scores against the games' results (kibitz corpus
// wdl --data ../shared/data --where generation=8 --every 20 --steps 1500;
// the fit and its calibration table are in docs/training.md).
var wdlModel = WDLModel{A0: 449.78, A1: -836.36, A2: 476.91, B0: 55.57, B1: 166.09, B2: -43.08}

// Params returns a and b for men on the board.
func (m WDLModel) Params(men int) (a, b float64) {
	x := float64(min(max(men, 2), 32)) / 32
	return m.A0 + (m.A1+m.A2*x)*x, max(m.B0+(m.B1+m.B2*x)*x, 1)
}

// Probabilities returns the chances of a win, a draw and a loss.
func (m WDLModel) Probabilities(score, men int) (win, draw, loss float64) {
	a, b := m.Params(men)
	s := float64(score)
	win = 1 / (1 + math.Exp(-(s-a)/b))
	loss = 1 / (1 + math.Exp(-(-s-a)/b))
	return win, max(0, 1-win-loss), loss
}

// WDL returns the chances of a win, a draw and a loss for the side to
// move, in per mille adding up to 1000, for a search score with men on
// the board: a mate is certain, a table win or loss too.
func WDL(score, men int) (win, draw, loss int) {
	switch {
	case score > MaxEval: // a mate or a table win
		return 1000, 0, 0
	case score < -MaxEval:
		return 0, 0, 1000
	}
	w, _, l := wdlModel.Probabilities(score, men)
	win, loss = int(math.Round(1000*w)), int(math.Round(1000*l))
	return win, 1000 - win - loss, loss
}
