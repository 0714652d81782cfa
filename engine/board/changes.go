package board

// PieceChange is one piece appearing on or leaving a square.
type PieceChange struct {
	Piece  Piece
	Square Square
	Added  bool
}

// LastMoveChanges writes the piece changes of the most recent move to out
// and returns how many there are (0 after a null move, at most 4: a
// castling moves two pieces, a capture-promotion removes two and adds
// one). Incremental evaluators (NNUE accumulators) update from these
// instead of recomputing the position.
func (p *Position) LastMoveChanges(out *[4]PieceChange) int {
	if len(p.history) == 0 {
		return 0
	}
	u := &p.history[len(p.history)-1]
	m := u.move
	if m == NullMove {
		return 0
	}
	from, to, kind := m.From(), m.To(), m.Kind()
	if m.IsCastle() {
		c := p.side ^ 1 // the side that castled
		kingFrom, kingTo, rookFrom, rookTo := p.castleSquares(m, c)
		king, rook := MakePiece(c, King), MakePiece(c, Rook)
		out[0], out[1] = PieceChange{king, kingFrom, false}, PieceChange{rook, rookFrom, false}
		out[2], out[3] = PieceChange{rook, rookTo, true}, PieceChange{king, kingTo, true}
		return 4
	}
	arrived := p.squares[to]
	moved := arrived
	if m.IsPromotion() {
		moved = MakePiece(arrived.Color(), Pawn)
	}
	// Removals first, so that replaying the list on a board works too.
	out[0] = PieceChange{moved, from, false}
	n := 1
	switch {
	case kind == EnPassant:
		out[n] = PieceChange{u.captured, to ^ 8, false}
		n++
	case u.captured != NoPiece:
		out[n] = PieceChange{u.captured, to, false}
		n++
	}
	out[n] = PieceChange{arrived, to, true}
	n++
	return n
}
