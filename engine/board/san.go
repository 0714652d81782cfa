package board

// SAN returns m (legal in p) in Standard Algebraic Notation: piece letter,
// the least disambiguation needed, "x" for captures, "=Q" for promotions,
// "O-O"/"O-O-O", and "+" or "#" for check and mate.
func (p *Position) SAN(m Move) string {
	var b []byte
	switch {
	case m.Kind() == CastleKingside:
		b = append(b, "O-O"...)
	case m.Kind() == CastleQueenside:
		b = append(b, "O-O-O"...)
	default:
		from, to := m.From(), m.To()
		t := p.squares[from].Type()
		if t == Pawn {
			if m.IsCapture() {
				b = append(b, 'a'+byte(from.File()), 'x')
			}
		} else {
			b = append(b, "PNBRQK"[t])
			b = append(b, p.disambiguation(m, t)...)
			if m.IsCapture() {
				b = append(b, 'x')
			}
		}
		b = append(b, to.String()...)
		if pr := m.Promotion(); pr != NoPieceType {
			b = append(b, '=', "PNBRQK"[pr])
		}
	}
	p.MakeMove(m)
	if p.InCheck() {
		if p.HasLegalMove() {
			b = append(b, '+')
		} else {
			b = append(b, '#')
		}
	}
	p.UnmakeMove()
	return string(b)
}

// disambiguation returns the file, rank or square that tells m apart from
// other legal moves of the same piece type to the same square.
func (p *Position) disambiguation(m Move, t PieceType) string {
	var l MoveList
	p.GenerateMoves(&l, GenAll)
	from := m.From()
	sameFile, sameRank, others := false, false, false
	for _, o := range l.Slice() {
		if o == m || o.To() != m.To() || o.From() == from || p.squares[o.From()].Type() != t {
			continue
		}
		others = true
		sameFile = sameFile || o.From().File() == from.File()
		sameRank = sameRank || o.From().Rank() == from.Rank()
	}
	switch {
	case !others:
		return ""
	case !sameFile:
		return from.String()[:1]
	case !sameRank:
		return from.String()[1:]
	}
	return from.String()
}
