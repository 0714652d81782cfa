package board

// pieceValue is indexed by PieceType; NoPieceType is worth nothing.
var pieceValue = [NoPieceType + 1]int{100, 320, 330, 500, 950, 20000, 0}

// PieceValue is the value of a piece of type t in centipawns as the static
// exchange evaluation and move ordering count it (0 for NoPieceType).
func PieceValue(t PieceType) int { return pieceValue[t] }

// SEE reports whether the static exchange evaluation of m — the material
// balance after both sides keep capturing on m's destination with their
// least valuable attacker, each free to stop — is at least threshold.
// It uses the swap algorithm with x-rays through the pieces that leave.
func (p *Position) SEE(m Move, threshold int) bool {
	if m.IsCastle() {
		return threshold <= 0
	}
	from, to := m.From(), m.To()
	gain := pieceValue[p.squares[to].Type()]
	if m.Kind() == EnPassant {
		gain = pieceValue[Pawn]
	}
	next := p.squares[from].Type()
	if m.IsPromotion() {
		gain += pieceValue[m.Promotion()] - pieceValue[Pawn]
		next = m.Promotion()
	}
	// balance is what the side that made m has won if the opponent stops now.
	balance := gain - threshold
	if balance < 0 {
		return false
	}
	balance -= pieceValue[next]
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
		balance = -balance - 1 - pieceValue[t]
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
