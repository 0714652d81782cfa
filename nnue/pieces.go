package nnue

// PieceValue is what one piece is worth to the net in a position: how
// far the evaluation, from White's view, falls when it is taken off the
// board (negative for Black's pieces that help Black).
type PieceValue struct {
	Square Square
	Piece  Piece
	CP     int
}

// PieceValues returns the evaluation of p from White's view and the worth
// of each piece but the kings, as Stockfish's eval command shows them:
// each piece removed in turn, the rest and the side to move unchanged.
// The values need not add up to the evaluation — the net is not a sum of
// pieces — but they show where it sees its strengths.
func (n *Net) PieceValues(p Position) (eval int, values []PieceValue) {
	e := newEvaluator(n, 1)
	pieces := piecesOf(p)
	white := func(cp int) int {
		if p.SideToMove() == Black {
			return -cp
		}
		return cp
	}
	eval = white(e.evaluateSet(p, &pieces))
	for side := White; side <= Black; side++ {
		for t := Pawn; t < King; t++ {
			for bb := pieces[side][t]; bb != 0; {
				sq := popFirst(&bb)
				without := pieces
				without[side][t] &^= 1 << sq
				values = append(values, PieceValue{Square: sq, Piece: MakePiece(side, t), CP: eval - white(e.evaluateSet(p, &without))})
			}
		}
	}
	return eval, values
}

// evaluateSet scores the pieces of set in p's king views from the side to
// move's view (set keeps p's kings, so the views are p's).
func (e *Evaluator) evaluateSet(p Position, set *Bitboards) int {
	e.top = 0
	pl := &e.plies[0]
	for c := White; c <= Black; c++ {
		pl.views[c] = ViewOf(e.net.KingBuckets, relative(set.king(c), c))
		e.refresh(0, c, set)
	}
	pl.current = [2]bool{true, true}
	return e.output(p.SideToMove(), set.men())
}
