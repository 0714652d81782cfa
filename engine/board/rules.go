package board

// IsRepetition reports whether the current position occurred before within
// the reach of the halfmove clock: once is enough when the earlier
// occurrence lies within the last searchPly plies (inside the search tree),
// otherwise it must have occurred twice (a threefold repetition).
func (p *Position) IsRepetition(searchPly int) bool {
	n := len(p.history)
	end := min(p.halfmove, n)
	seen := 0
	for i := 4; i <= end; i += 2 {
		if p.history[n-i].key == p.key {
			if i <= searchPly {
				return true
			}
			seen++
			if seen >= 2 {
				return true
			}
		}
	}
	return false
}

// InsufficientMaterial reports positions where neither side can mate by
// any sequence of legal moves that the rules recognise cheaply: bare kings,
// or a single minor piece between them, or bishops all on one colour.
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if !minors.More() {
		return true
	}
	const dark = Bitboard(0xAA55AA55AA55AA55)
	if p.byType[Knight] == 0 && (p.byType[Bishop]&dark == 0 || p.byType[Bishop]&^dark == 0) {
		return true
	}
	return false
}

// HasNonPawnMaterial reports whether colour c has a piece other than pawns
// and king (null-move pruning is unsafe without one: zugzwang).
func (p *Position) HasNonPawnMaterial(c Color) bool {
	return p.byColor[c]&(p.byType[Knight]|p.byType[Bishop]|p.byType[Rook]|p.byType[Queen]) != 0
}

// MovedPiece returns the piece that m moves in this position.
func (p *Position) MovedPiece(m Move) Piece { return p.squares[m.From()&63] }
