package board

// GenKind selects which legal moves GenerateMoves produces.
type GenKind uint8

// GenNoisy and GenQuiet split GenAll into two disjoint halves: noisy moves
// are captures (en passant included) and every promotion; quiet moves are
// everything else, castling included.
const (
	GenAll GenKind = iota
	GenNoisy
	GenQuiet
)

// GenerateMoves appends the legal moves of the given kind to l (which it
// resets first). It handles check, double check and pins directly, so no
// move needs a make/unmake test except the rare en-passant capture.
func (p *Position) GenerateMoves(l *MoveList, kind GenKind) {
	p.generate(l, kind, ^Bitboard(0))
}

// generate is GenerateMoves restricted to the pieces standing on origins.
func (p *Position) generate(l *MoveList, kind GenKind, origins Bitboard) {
	l.N = 0
	us, them := p.side, p.side^1
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own | enemy
	ksq := (p.byType[King] & own).First()

	var targets Bitboard
	switch kind {
	case GenAll:
		targets = ^own
	case GenNoisy:
		targets = enemy
	case GenQuiet:
		targets = ^occ
	}

	// King moves: test each target with the king lifted off the board so
	// that squares "behind" the king along a checking ray count as attacked.
	occNoKing := occ &^ ksq.Bit()
	kingTargets := kingAttacks[ksq] & targets
	if !origins.Has(ksq) {
		kingTargets = 0
	}
	for b := kingTargets; b != 0; {
		to := b.PopFirst()
		if !p.attacked(to, them, occNoKing) {
			l.add(NewMove(ksq, to, captureKind(enemy, to)))
		}
	}

	checkers := p.checkersCached()
	if checkers.More() {
		return // double check: only the king may move
	}
	checkMask := ^Bitboard(0)
	if checkers != 0 {
		checkMask = betweenBB[ksq][checkers.First()] | checkers
	} else if kind != GenNoisy && origins.Has(ksq) {
		p.genCastling(l, us, occ)
	}

	pinned := p.pinnedCached()
	mask := targets & checkMask

	own &= origins
	for b := p.byType[Knight] & own &^ pinned; b != 0; {
		from := b.PopFirst()
		p.addMoves(l, from, knightAttacks[from]&mask, enemy)
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & own; b != 0; {
		from := b.PopFirst()
		att := BishopAttacks(from, occ) & mask
		if pinned.Has(from) {
			att &= lineBB[ksq][from]
		}
		p.addMoves(l, from, att, enemy)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & own; b != 0; {
		from := b.PopFirst()
		att := RookAttacks(from, occ) & mask
		if pinned.Has(from) {
			att &= lineBB[ksq][from]
		}
		p.addMoves(l, from, att, enemy)
	}
	p.genPawnMoves(l, kind, ksq, pinned, checkMask, checkers, origins)
}

func captureKind(enemy Bitboard, to Square) MoveKind {
	if enemy.Has(to) {
		return Capture
	}
	return Quiet
}

func (p *Position) addMoves(l *MoveList, from Square, att, enemy Bitboard) {
	for caps := att & enemy; caps != 0; {
		l.add(NewMove(from, caps.PopFirst(), Capture))
	}
	for quiets := att &^ enemy; quiets != 0; {
		l.add(NewMove(from, quiets.PopFirst(), Quiet))
	}
}

// pinnedTo returns the pieces of colour us that are pinned to their king.
func (p *Position) pinnedTo(ksq Square, us Color, occ Bitboard) Bitboard {
	enemy := p.byColor[us^1]
	snipers := (RookAttacks(ksq, 0)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ksq, 0)&(p.byType[Bishop]|p.byType[Queen])) & enemy
	var pinned Bitboard
	for snipers != 0 {
		s := snipers.PopFirst()
		between := betweenBB[ksq][s] & occ
		if between != 0 && !between.More() {
			pinned |= between & p.byColor[us]
		}
	}
	return pinned
}

// genPawnMoves generates pawn moves set-wise for unpinned pawns and one by
// one for the (rare) pinned ones, whose targets are limited to the pin line.
func (p *Position) genPawnMoves(l *MoveList, kind GenKind, ksq Square, pinned, checkMask, checkers, origins Bitboard) {
	us := p.side
	own, enemy := p.byColor[us], p.byColor[us^1]
	empty := ^(own | enemy)
	pawns := p.byType[Pawn] & own & origins
	free := pawns &^ pinned

	up, promoRank, doubleRank := 8, Rank8, Rank4
	if us == Black {
		up, promoRank, doubleRank = -8, Rank1, Rank5
	}
	quiets, noisy := kind != GenNoisy, kind != GenQuiet

	single := shiftUp(free, us) & empty
	if quiets {
		for b := single & checkMask &^ promoRank; b != 0; {
			to := b.PopFirst()
			l.add(NewMove(to-Square(up), to, Quiet))
		}
		for b := shiftUp(single, us) & empty & doubleRank & checkMask; b != 0; {
			to := b.PopFirst()
			l.add(NewMove(to-Square(2*up), to, DoublePush))
		}
	}
	if noisy {
		for b := single & checkMask & promoRank; b != 0; {
			to := b.PopFirst()
			addPromotions(l, to-Square(up), to, 0)
		}
		// Captures towards the a-file (west) and the h-file (east).
		west, east := up-1, up+1
		for b := shiftWest(shiftUp(free, us)) & enemy & checkMask; b != 0; {
			to := b.PopFirst()
			addPawnCapture(l, to-Square(west), to, promoRank)
		}
		for b := shiftEast(shiftUp(free, us)) & enemy & checkMask; b != 0; {
			to := b.PopFirst()
			addPawnCapture(l, to-Square(east), to, promoRank)
		}
		if p.ep != NoSquare {
			p.genEnPassant(l, ksq, checkers, pawns)
		}
	}

	for b := pawns & pinned; b != 0; {
		from := b.PopFirst()
		allowed := lineBB[ksq][from] & checkMask
		to := from + Square(up)
		if quiets && empty.Has(to) && allowed.Has(to) && !promoRank.Has(to) {
			l.add(NewMove(from, to, Quiet))
		}
		if quiets && empty.Has(to) && doubleRank.Has(to+Square(up)) && empty.Has(to+Square(up)) && allowed.Has(to+Square(up)) {
			l.add(NewMove(from, to+Square(up), DoublePush))
		}
		if noisy && empty.Has(to) && allowed.Has(to) && promoRank.Has(to) {
			addPromotions(l, from, to, 0)
		}
		if noisy {
			for c := pawnAttacks[us][from] & enemy & allowed; c != 0; {
				addPawnCapture(l, from, c.PopFirst(), promoRank)
			}
		}
	}
}

func addPawnCapture(l *MoveList, from, to Square, promoRank Bitboard) {
	if promoRank.Has(to) {
		addPromotions(l, from, to, Capture)
	} else {
		l.add(NewMove(from, to, Capture))
	}
}

func addPromotions(l *MoveList, from, to Square, capture MoveKind) {
	l.add(NewMove(from, to, PromoQueen|capture))
	l.add(NewMove(from, to, PromoKnight|capture))
	l.add(NewMove(from, to, PromoRook|capture))
	l.add(NewMove(from, to, PromoBishop|capture))
}

// genEnPassant tries each en-passant capture on a board with both pawns
// moved: this catches the captured pawn's discovered rank attack on the
// king, which pin detection alone misses.
func (p *Position) genEnPassant(l *MoveList, ksq Square, checkers, pawns Bitboard) {
	them := p.side ^ 1
	capSq := p.ep ^ 8
	for b := pawnAttacks[them][p.ep] & pawns; b != 0; {
		from := b.PopFirst()
		occ := p.Occupied()&^from.Bit()&^capSq.Bit() | p.ep.Bit()
		enemy := p.byColor[them] &^ capSq.Bit()
		if checkers&^capSq.Bit()&(p.byType[Knight]|p.byType[Pawn]) != 0 {
			continue // a leaper other than the captured pawn still checks
		}
		if RookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])&enemy != 0 ||
			BishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])&enemy != 0 {
			continue
		}
		l.add(NewMove(from, p.ep, EnPassant))
	}
}

func shiftUp(b Bitboard, c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

func shiftWest(b Bitboard) Bitboard { return (b &^ FileA) >> 1 }
func shiftEast(b Bitboard) Bitboard { return (b &^ FileH) << 1 }

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var l MoveList
	p.GenerateMoves(&l, GenAll)
	return l.N > 0
}

// IsLegal reports whether m is a legal move in this position. Any 16-bit
// value may be asked (a hash-table move may come from another position):
// only the moves of the piece on m's origin are generated, by the same
// rules as GenerateMoves, so the answer is the full list's at a fraction
// of the cost.
func (p *Position) IsLegal(m Move) bool {
	if m == NullMove {
		return false
	}
	from, to := m.From()&63, m.To()&63
	pc := p.squares[from]
	if pc == NoPiece || pc.Color() != p.side {
		return false
	}
	if t := pc.Type(); t != Pawn && t != King {
		return p.pieceMoveLegal(m, t, from, to)
	}
	var l MoveList
	p.generate(&l, GenAll, from.Bit())
	return l.Contains(m)
}

// pieceMoveLegal is IsLegal for a knight, bishop, rook or queen of the side
// to move on from, by the rules generate applies to that piece's moves:
// the one encoding it would produce, a target it attacks, the check and
// the pin obeyed.
func (p *Position) pieceMoveLegal(m Move, t PieceType, from, to Square) bool {
	enemy := p.byColor[p.side^1]
	if p.byColor[p.side].Has(to) || m != NewMove(from, to, captureKind(enemy, to)) {
		return false
	}
	occ := p.Occupied()
	var att Bitboard
	switch t {
	case Knight:
		att = knightAttacks[from]
	case Bishop:
		att = BishopAttacks(from, occ)
	case Rook:
		att = RookAttacks(from, occ)
	default:
		att = QueenAttacks(from, occ)
	}
	if !att.Has(to) {
		return false
	}
	ksq := (p.byType[King] & p.byColor[p.side]).First()
	if checkers := p.checkersCached(); checkers != 0 {
		if checkers.More() || !(betweenBB[ksq][checkers.First()] | checkers).Has(to) {
			return false
		}
	}
	return !p.pinnedCached().Has(from) || lineBB[ksq][from].Has(to)
}
