package board

// Position is a chess position with the history needed to unmake moves and
// to detect repetitions. The zero value is not usable: build one with
// NewPosition or ParseFEN.
type Position struct {
	byType   [8]Bitboard // by PieceType; padded to 8 so that masked indices need no bounds check
	byColor  [2]Bitboard
	squares  [64]Piece
	side     Color
	castle   CastleRights
	ep       Square // en-passant target as FEN gives it, or NoSquare
	halfmove int    // plies since the last capture or pawn move
	fullmove int
	key      uint64
	history  []undo // one entry per move made, newest last
	castling castlingSetup
	chess960 bool // castling written king-takes-rook, X-FEN (castling.go)

	// The check information of this position, computed when first asked
	// (cached says which of the two is known): a search node asks for it
	// many times — whether it is in check, then once per generation stage
	// and per legality test — and the moves made below it restore it.
	checkers, pinned Bitboard
	cached           uint8
}

// Bits of Position.cached.
const (
	cachedCheckers uint8 = 1 << iota
	cachedPinned
)

// undo is what MakeMove cannot recompute when unmaking.
type undo struct {
	key      uint64
	move     Move
	captured Piece
	castle   CastleRights
	ep       Square
	halfmove int32
	cached   uint8
	checkers Bitboard
	pinned   Bitboard
}

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// NewPosition returns the starting position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // the constant above is valid
	}
	return p
}

// Clone returns an independent copy, history included, with room for a
// few more moves (a searcher copies its root into a buffer of its own:
// CopyFrom).
func (p *Position) Clone() *Position {
	q := *p
	q.history = make([]undo, len(p.history), len(p.history)+16)
	copy(q.history, p.history)
	return &q
}

// CopyFrom makes p a copy of q, as Clone does, in p's own history buffer:
// a searcher that copies each root into the same position allocates
// nothing once its buffer is large enough.
func (p *Position) CopyFrom(q *Position) {
	h := p.history[:0]
	if cap(h) < max(len(q.history), 256) {
		h = make([]undo, 0, max(cap(q.history), 256))
	}
	*p = *q
	p.history = append(h, q.history...)
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// Castling returns the castling rights.
func (p *Position) Castling() CastleRights { return p.castle }

// EnPassant returns the en-passant target square or NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber returns the FEN move number.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// Key returns the Zobrist hash of the position. Two positions that are the
// same for the repetition rule have the same key: the en-passant file is
// hashed only when a pawn can actually capture there.
func (p *Position) Key() uint64 { return p.key }

// PieceAt returns the piece on sq, or NoPiece.
func (p *Position) PieceAt(sq Square) Piece { return p.squares[sq] }

// Pieces returns the pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byType[t] & p.byColor[c] }

// PiecesOfType returns the pieces of type t of both colours.
func (p *Position) PiecesOfType(t PieceType) Bitboard { return p.byType[t] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// ColorBB returns the squares occupied by colour c.
func (p *Position) ColorBB(c Color) Bitboard { return p.byColor[c] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return (p.byType[King] & p.byColor[c]).First() }

// Ply returns the number of moves made since the position was set.
func (p *Position) Ply() int { return len(p.history) }

// LastMove returns the most recent move made, or NullMove.
func (p *Position) LastMove() Move {
	if len(p.history) == 0 {
		return NullMove
	}
	return p.history[len(p.history)-1].move
}

// AttackersTo returns the pieces of both colours attacking sq under
// occupancy occ.
func (p *Position) AttackersTo(sq Square, occ Bitboard) Bitboard {
	bq := p.byType[Bishop] | p.byType[Queen]
	rq := p.byType[Rook] | p.byType[Queen]
	return pawnAttacks[Black][sq]&p.byType[Pawn]&p.byColor[White] |
		pawnAttacks[White][sq]&p.byType[Pawn]&p.byColor[Black] |
		knightAttacks[sq]&p.byType[Knight] |
		kingAttacks[sq]&p.byType[King] |
		BishopAttacks(sq, occ)&bq |
		RookAttacks(sq, occ)&rq
}

// attacked reports whether colour by attacks sq under occupancy occ.
func (p *Position) attacked(sq Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	if pawnAttacks[by^1][sq]&p.byType[Pawn]&them != 0 ||
		knightAttacks[sq]&p.byType[Knight]&them != 0 ||
		kingAttacks[sq]&p.byType[King]&them != 0 {
		return true
	}
	if BishopAttacks(sq, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 {
		return true
	}
	return RookAttacks(sq, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

// Checkers returns the enemy pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	return p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side^1]
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkersCached() != 0 }

// checkersCached is Checkers, computed once per position.
func (p *Position) checkersCached() Bitboard {
	if p.cached&cachedCheckers == 0 {
		p.checkers = p.Checkers()
		p.cached |= cachedCheckers
	}
	return p.checkers
}

// pinnedCached is the side to move's pinned pieces, computed once per
// position.
func (p *Position) pinnedCached() Bitboard {
	if p.cached&cachedPinned == 0 {
		p.pinned = p.pinnedTo(p.KingSquare(p.side), p.side, p.Occupied())
		p.cached |= cachedPinned
	}
	return p.pinned
}

// epCapturable reports whether a pawn of the side to move attacks the
// en-passant square; only then is the square part of the key.
func (p *Position) epCapturable() bool {
	return p.ep != NoSquare && pawnAttacks[p.side^1][p.ep]&p.byType[Pawn]&p.byColor[p.side] != 0
}

// computeKey hashes the position from scratch; tests compare it with the
// incrementally kept key.
func (p *Position) computeKey() uint64 {
	var k uint64
	for sq := Square(0); sq < 64; sq++ {
		if pc := p.squares[sq]; pc != NoPiece {
			k ^= zobristPiece[pc][sq]
		}
	}
	if p.side == Black {
		k ^= zobristSide
	}
	k ^= zobristCastle[p.castle]
	if p.epCapturable() {
		k ^= zobristEP[p.ep.File()]
	}
	return k
}

func (p *Position) put(pc Piece, sq Square) {
	b := sq.Bit()
	p.byType[pc>>1] |= b
	p.byColor[pc&1] |= b
	p.squares[sq] = pc
	p.key ^= zobristPiece[pc][sq]
}

// MakeMove plays m, which must be legal in this position (as produced by
// GenerateMoves or ParseMove).
func (p *Position) MakeMove(m Move) {
	u := p.pushUndo(m)
	from, to, kind := m.From()&63, m.To()&63, m.Kind()
	us := p.side
	key := p.key ^ zobristSide
	if p.ep != NoSquare {
		if p.epCapturable() {
			key ^= zobristEP[p.ep&7]
		}
		p.ep = NoSquare
	}
	p.halfmove++
	if kind == CastleKingside || kind == CastleQueenside {
		// In Chess960 m.To() is the rook's square: no capture, both move.
		p.finishMove(us, key^p.makeCastle(m, us), from, to)
		return
	}
	moving := p.squares[from]
	if captured := p.squares[to]; captured != NoPiece {
		u.captured = captured
		p.halfmove = 0
		p.toggle(captured, to)
		key ^= zobristPiece[captured&15][to]
	}
	// Move the piece (a promotion turns it into its new type on arrival).
	arriving := moving
	if m.IsPromotion() {
		arriving = MakePiece(us, m.Promotion())
	}
	if moving == arriving {
		p.toggle2(moving, from, to)
	} else {
		p.toggle(moving, from)
		p.toggle(arriving, to)
	}
	p.squares[from], p.squares[to] = NoPiece, arriving
	key ^= zobristPiece[moving&15][from] ^ zobristPiece[arriving&15][to]

	if moving>>1 == Piece(Pawn) {
		p.halfmove = 0
		if kind == DoublePush {
			p.ep = (from + to) / 2
		} else if kind == EnPassant {
			capSq := to ^ 8 // the captured pawn stands behind the target
			u.captured = p.squares[capSq]
			p.toggle(u.captured, capSq)
			p.squares[capSq] = NoPiece
			key ^= zobristPiece[u.captured&15][capSq]
		}
	}
	p.finishMove(us, key, from, to)
}

// finishMove ends MakeMove: the castling rights a move from or to those
// squares keeps, the move counter, the side to move, the new en-passant
// square's key, and the key.
func (p *Position) finishMove(us Color, key uint64, from, to Square) {
	if newCastle := p.castle & p.castling.keep[from] & p.castling.keep[to]; newCastle != p.castle {
		key ^= zobristCastle[p.castle&15] ^ zobristCastle[newCastle&15]
		p.castle = newCastle
	}
	if us == Black {
		p.fullmove++
	}
	p.side = us ^ 1
	if p.ep != NoSquare && p.epCapturable() {
		key ^= zobristEP[p.ep&7]
	}
	p.key = key
}

// pushUndo records what MakeMove cannot recompute. The history grows only
// when a game outlasts its capacity, never inside a search.
func (p *Position) pushUndo(m Move) *undo {
	n := len(p.history)
	if n == cap(p.history) {
		p.history = append(p.history, undo{})[:n]
	}
	p.history = p.history[:n+1]
	u := &p.history[n]
	u.key, u.move, u.captured, u.castle, u.ep, u.halfmove = p.key, m, NoPiece, p.castle, p.ep, int32(p.halfmove)
	u.cached, u.checkers, u.pinned = p.cached, p.checkers, p.pinned
	p.cached = 0 // the new position's check information is not known yet
	return u
}

// toggle flips piece pc on sq in the bitboards (not the mailbox or key).
func (p *Position) toggle(pc Piece, sq Square) {
	b := Bitboard(1) << (uint(sq) & 63)
	p.byType[(pc>>1)&7] ^= b
	p.byColor[pc&1] ^= b
}

// toggle2 moves piece pc between a and b in the bitboards with one update
// per board.
func (p *Position) toggle2(pc Piece, a, b Square) {
	bb := Bitboard(1)<<(uint(a)&63) | Bitboard(1)<<(uint(b)&63)
	p.byType[(pc>>1)&7] ^= bb
	p.byColor[pc&1] ^= bb
}

// UnmakeMove takes back the most recent MakeMove or MakeNullMove.
func (p *Position) UnmakeMove() {
	u := &p.history[len(p.history)-1]
	m := u.move
	p.side ^= 1
	us := p.side
	if us == Black {
		p.fullmove--
	}
	if m.IsCastle() {
		p.unmakeCastle(m, us)
	} else if m != NullMove {
		from, to, kind := m.From()&63, m.To()&63, m.Kind()
		arrived := p.squares[to]
		moved := arrived
		if m.IsPromotion() {
			moved = MakePiece(us, Pawn)
		}
		if arrived == moved {
			p.toggle2(moved, from, to)
		} else {
			p.toggle(arrived, to)
			p.toggle(moved, from)
		}
		p.squares[from], p.squares[to] = moved, NoPiece
		switch {
		case kind == EnPassant:
			capSq := to ^ 8
			p.toggle(u.captured, capSq)
			p.squares[capSq] = u.captured
		case u.captured != NoPiece:
			p.toggle(u.captured, to)
			p.squares[to] = u.captured
		}
	}
	p.castle, p.ep, p.halfmove, p.key = u.castle, u.ep, int(u.halfmove), u.key
	p.cached, p.checkers, p.pinned = u.cached, u.checkers, u.pinned
	p.history = p.history[:len(p.history)-1]
}

// MakeNullMove passes the turn (for null-move pruning). The side to move
// must not be in check. Undo it with UnmakeMove.
func (p *Position) MakeNullMove() {
	p.pushUndo(NullMove)
	if p.epCapturable() {
		p.key ^= zobristEP[p.ep.File()]
	}
	p.ep = NoSquare
	p.halfmove++
	if p.side == Black {
		p.fullmove++
	}
	p.side ^= 1
	p.key ^= zobristSide
}

// KeyAfter is the key the position will have once m is made, for fetching
// the table entry of the next node early: exact for ordinary moves and
// captures; a promotion's new piece, castling's rook, a change of castling
// rights and a new en-passant square are left out, so for those few moves
// the answer is only close.
func (p *Position) KeyAfter(m Move) uint64 {
	from, to := m.From()&63, m.To()&63
	moving := p.squares[from] & 15
	k := p.KeyAfterNull() ^ zobristPiece[moving][from] ^ zobristPiece[moving][to]
	if m.IsCastle() {
		return k // in Chess960 m.To() holds the king's own rook
	}
	if captured := p.squares[to]; captured != NoPiece {
		k ^= zobristPiece[captured&15][to]
	} else if m.Kind() == EnPassant {
		k ^= zobristPiece[p.squares[to^8]&15][to^8]
	}
	return k
}

// KeyAfterNull is the key the position will have after MakeNullMove: the
// other side to move, and no en-passant capture any more.
func (p *Position) KeyAfterNull() uint64 {
	k := p.key ^ zobristSide
	if p.ep != NoSquare && p.epCapturable() {
		k ^= zobristEP[p.ep&7]
	}
	return k
}
