package board

// SEEValue is the piece value the static exchange evaluation uses.
var SEEValue = [7]int{100, 320, 330, 500, 950, 20000, 0}

// SEE reports whether the static exchange evaluation of m — the material
// balance after both sides keep capturing on m's destination with their
// least valuable attacker, each free to stop — is at least threshold.
// It uses the swap algorithm with x-rays through the pieces that leave.
func (p *Position) SEE(m Move, threshold int) bool {
	if m.IsCastle() {
		return threshold <= 0
	}
	from, to := m.From(), m.To()
	gain := SEEValue[p.squares[to].Type()%7]
	if m.Kind() == EnPassant {
		gain = SEEValue[Pawn]
	}
	next := p.squares[from].Type()
	if m.IsPromotion() {
		gain += SEEValue[m.Promotion()] - SEEValue[Pawn]
		next = m.Promotion()
	}
	// balance is what the side that made m has won if the opponent stops now.
	balance := gain - threshold
	if balance < 0 {
		return false
	}
	balance -= SEEValue[next]
	if balance >= 0 {
		return true // even losing the moved piece keeps us above the threshold
	}
	occ := p.Occupied()&^from.Bit() | to.Bit()
	if m.Kind() == EnPassant {
		occ &^= (to ^ 8).Bit()
	}
	attackers := p.AttackersTo(to, occ) & occ
	bq := p.byType[Bishop] | p.byType[Queen]
	rq := p.byType[Rook] | p.byType[Queen]
	side := p.side ^ 1
	for {
		mine := attackers & p.byColor[side]
		if mine == 0 {
			break
		}
		// The least valuable attacker captures next.
		var t PieceType
		for t = Pawn; t <= King; t++ {
			if mine&p.byType[t] != 0 {
				break
			}
		}
		side ^= 1
		balance = -balance - 1 - SEEValue[t]
		if balance >= 0 {
			if t == King && attackers&p.byColor[side] != 0 {
				side ^= 1 // the king cannot capture into a defended square
			}
			break
		}
		occ &^= (mine & p.byType[t]).First().Bit()
		if t == Pawn || t == Bishop || t == Queen {
			attackers |= BishopAttacks(to, occ) & bq
		}
		if t == Rook || t == Queen {
			attackers |= RookAttacks(to, occ) & rq
		}
		attackers &= occ
	}
	// The side to move after the loop is the one that lost the exchange.
	return side != p.side
}

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
