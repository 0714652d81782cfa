package tablebase

import "kibitz/engine/board"

// promotions are the kinds a pawn may become.
var promotions = [...]int{queen, rook, bishop, knight}

// eachMove calls fn with every legal move of the side to move in p: the
// position reached, the piece captured (its index in p; −1 for none) and
// the kind a promoted pawn becomes (−1 for none), and the piece moved (a).
// A double push that lets the opponent take en passant reaches a position
// with that pawn as pushed. With quiet set, the moves that capture
// nothing, of men other than the king and the pawns, are only counted
// there when the side is not in check — a popcount instead of a position
// each, for a caller that needs no more.
func (l *layout) eachMove(p *pos, quiet *int, fn func(q pos, a, captured, promoted int)) {
	occ, by, _ := l.occupancy(p)
	g := mover{l: l, p: p, occ: occ, by: by, us: p.stm, king: l.kings[p.stm], fn: fn}
	// While its side is not in check, a man other than the king may go
	// anywhere but off the line of a pin: only the king's moves, en
	// passant captures and the moves of a side in check need the board
	// looked at after the move.
	g.inCheck = l.attacked(p, p.sq[g.king], 1-g.us, occ)
	if !g.inCheck {
		l.pinned(p, occ, by[g.us], &g.pins)
	}
	for a := 0; a < l.men; a++ {
		if l.side[a] != g.us {
			continue
		}
		if l.kind[a] == pawn {
			g.pawnMoves(a)
		} else {
			g.pieceMoves(a, quiet)
		}
	}
}

// mover generates the moves of one position for eachMove.
type mover struct {
	l        *layout
	p        *pos
	occ      board.Bitboard
	by       [2]board.Bitboard
	us, king int
	inCheck  bool
	pins     [maxMen]board.Bitboard // the squares a pinned man may go to
	fn       func(q pos, a, captured, promoted int)
}

// play checks that the mover's king is safe after piece a goes to to,
// taking piece captured (on its square, which for en passant is not to),
// and reports the move.
func (g *mover) play(a int, to board.Square, captured, promoted int, double bool) {
	l, p := g.l, g.p
	q := *p
	q.sq[a], q.stm, q.pushed = to, 1-g.us, 0
	if a != g.king && !g.inCheck && (captured < 0 || p.sq[captured] == to) {
		if g.pins[a] != 0 && !g.pins[a].Has(to) {
			return
		}
	} else {
		after := g.occ&^p.sq[a].Bit() | to.Bit()
		if captured >= 0 {
			after &^= p.sq[captured].Bit()
			after |= to.Bit()
		}
		if l.attackedExcept(&q, q.sq[g.king], q.stm, after, captured) {
			return
		}
	}
	if double && l.ep {
		// A copy: what epOpen is given escapes (it generates moves
		// itself), and q is made for every move.
		open := q
		open.pushed = a
		if l.epOpen(&open) {
			q.pushed = a
		}
	}
	g.fn(q, a, captured, promoted)
}

// pieceOn returns the index of the man on s, or -1.
func (g *mover) pieceOn(s board.Square) int {
	for j := 0; j < g.l.men; j++ {
		if g.p.sq[j] == s {
			return j
		}
	}
	return -1
}

// pieceMoves generates the moves of a man other than a pawn (see eachMove
// for quiet).
func (g *mover) pieceMoves(a int, quiet *int) {
	us := g.us
	targets := g.l.attacksOf(a, g.p.sq[a], g.occ) &^ g.by[us]
	if quiet != nil && a != g.king && !g.inCheck {
		if g.pins[a] != 0 {
			targets &= g.pins[a]
		}
		*quiet += (targets &^ g.occ).Count()
		targets &= g.by[1-us] // the captures one by one
	}
	for targets != 0 {
		to := targets.PopFirst()
		g.play(a, to, g.pieceOn(to), -1, false)
	}
}

// pawnMoves generates the moves of pawn a: pushes, captures, promotions
// and en passant.
func (g *mover) pawnMoves(a int) {
	us, p := g.us, g.p
	from := p.sq[a]
	one := board.Square(int(from) + forward(us))
	if !g.occ.Has(one) {
		g.pawnMove(a, one, -1, false)
		two := board.Square(int(one) + forward(us))
		if rankOf(from) == startRank(us) && !g.occ.Has(two) {
			g.pawnMove(a, two, -1, true)
		}
	}
	for targets := board.PawnAttacks(board.Color(us), from) & g.by[1-us]; targets != 0; {
		to := targets.PopFirst()
		g.pawnMove(a, to, g.pieceOn(to), false)
	}
	if v := p.pushed; v != 0 && rankOf(p.sq[v]) == rankOf(from) && absDiff(int(p.sq[v])&7, int(from)&7) == 1 {
		g.play(a, board.Square(int(p.sq[v])+forward(us)), v, -1, false)
	}
}

// pawnMove reports pawn a's move to to, as each promotion on the last rank.
func (g *mover) pawnMove(a int, to board.Square, captured int, double bool) {
	if rankOf(to) == lastRank(g.us) {
		for _, k := range promotions {
			g.play(a, to, captured, k, false)
		}
		return
	}
	g.play(a, to, captured, -1, double)
}

// pinned gives each man of the side to move that is pinned to its king
// (ours: the side's men) the squares it may still go to: the line between
// the king and the pinning slider, the slider included.
func (l *layout) pinned(p *pos, occ, ours board.Bitboard, pins *[maxMen]board.Bitboard) {
	ksq := p.sq[l.kings[p.stm]]
	for s := 0; s < l.men; s++ {
		if l.side[s] == p.stm || l.kind[s] == king || l.kind[s] == knight || l.kind[s] == pawn {
			continue
		}
		if !attacks(l.kind[s], p.sq[s], 0).Has(ksq) {
			continue
		}
		line := board.Between(p.sq[s], ksq)
		if blockers := line & occ; blockers.Count() == 1 && blockers&ours != 0 {
			at := blockers.PopFirst()
			for a := 0; a < l.men; a++ {
				if p.sq[a] == at {
					pins[a] = line | p.sq[s].Bit()
				}
			}
		}
	}
}

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}

// attackedExcept is attacked with piece skip (just captured) left out.
func (l *layout) attackedExcept(p *pos, s board.Square, c int, occ board.Bitboard, skip int) bool {
	for i := 0; i < l.men; i++ {
		if i != skip && l.side[i] == c && l.attacksOf(i, p.sq[i], occ).Has(s) {
			return true
		}
	}
	return false
}

// epOpen says whether the side to move in p has a legal en passant
// capture of pawn p.pushed (which stands where a double push leaves it).
func (l *layout) epOpen(p *pos) bool {
	open := false
	l.eachMove(p, nil, func(r pos, a, captured, _ int) {
		if captured >= 0 && r.sq[a] != p.sq[captured] {
			open = true // the capturer did not land on the captured pawn's square
		}
	})
	return open
}
