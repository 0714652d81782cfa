package nnue

import "kibitz/engine/board"

// PieceValue is what one piece is worth to the net in a position: how
// far the evaluation, from White's view, falls when it is taken off the
// board (negative for Black's pieces that help Black).
type PieceValue struct {
	Square board.Square
	Piece  board.Piece
	CP     int
}

// PieceValues returns the evaluation of p from White's view and the worth
// of each piece but the kings, as Stockfish's eval command shows them:
// each piece removed in turn, the rest and the side to move unchanged.
// The values need not add up to the evaluation — the net is not a sum of
// pieces — but they show where it sees its strengths.
func (n *Net) PieceValues(p *board.Position) (eval int, values []PieceValue) {
	e := newEvaluator(n, 1)
	pieces := piecesOf(p)
	white := func(cp int) int {
		if p.SideToMove() == board.Black {
			return -cp
		}
		return cp
	}
	eval = white(e.evaluateSet(p, &pieces))
	for side := board.White; side <= board.Black; side++ {
		for t := board.Pawn; t < board.King; t++ {
			for bb := pieces[side][t]; bb != 0; {
				sq := bb.PopFirst()
				without := pieces
				without[side][t] &^= sq.Bit()
				values = append(values, PieceValue{Square: sq, Piece: board.MakePiece(side, t), CP: eval - white(e.evaluateSet(p, &without))})
			}
		}
	}
	return eval, values
}

// evaluateSet scores the pieces of set in p's king views from the side to
// move's view (set keeps p's kings, so the views are p's).
func (e *Evaluator) evaluateSet(p *board.Position, set *pieceSet) int {
	e.top = 0
	pl := &e.plies[0]
	men := 0
	for side := range set {
		for _, bb := range set[side] {
			men += bb.Count()
		}
	}
	for c := board.White; c <= board.Black; c++ {
		pl.views[c] = ViewOf(e.net.KingBuckets, RelativeKing(p, c))
		e.refresh(0, c, set)
	}
	pl.current = [2]bool{true, true}
	return e.output(p.SideToMove(), men)
}
