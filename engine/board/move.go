package board

// Move is a move in 16 bits: from (6) | to (6) << 6 | kind (4) << 12.
// Castling is encoded as the king's move (e1g1), as in UCI. NullMove (zero)
// is never a legal move because from and to would be equal.
type Move uint16

// NullMove is the zero move: "no move" in lists and tables, and the pass
// made by MakeNullMove.
const NullMove Move = 0

// MoveKind is the 4-bit kind of a move. The promotion kinds carry the piece
// in their low two bits and captures have bit 2 set.
type MoveKind uint8

// Move kinds.
const (
	Quiet           MoveKind = 0
	DoublePush      MoveKind = 1
	CastleKingside  MoveKind = 2
	CastleQueenside MoveKind = 3
	Capture         MoveKind = 4
	EnPassant       MoveKind = 5
	PromoKnight     MoveKind = 8
	PromoBishop     MoveKind = 9
	PromoRook       MoveKind = 10
	PromoQueen      MoveKind = 11
	PromoCapKnight  MoveKind = 12
	PromoCapBishop  MoveKind = 13
	PromoCapRook    MoveKind = 14
	PromoCapQueen   MoveKind = 15
)

// NewMove builds a move from its parts.
func NewMove(from, to Square, kind MoveKind) Move {
	return Move(from) | Move(to)<<6 | Move(kind)<<12
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind returns the move kind (Quiet, Capture, PromoQueen, …).
func (m Move) Kind() MoveKind { return MoveKind(m >> 12) }

// IsCapture reports whether the move takes a piece (en passant included).
func (m Move) IsCapture() bool { return m&(Move(Capture)<<12) != 0 }

// IsPromotion reports whether the move promotes a pawn.
func (m Move) IsPromotion() bool { return m&(8<<12) != 0 }

// IsCastle reports whether the move is a castling.
func (m Move) IsCastle() bool { k := m.Kind(); return k == CastleKingside || k == CastleQueenside }

// Promotion returns the piece type promoted to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if !m.IsPromotion() {
		return NoPieceType
	}
	return Knight + PieceType(m>>12&3)
}

// String returns the move in UCI notation (e2e4, e7e8q, e1g1); the null
// move is "0000".
func (m Move) String() string {
	if m == NullMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoPieceType {
		s += string("nbrq"[p-Knight])
	}
	return s
}

// MaxMoves bounds the number of legal moves in any chess position (218 is
// the known maximum).
const MaxMoves = 256

// MoveList is a fixed-size move list filled without allocation.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// add appends a move; kept tiny so that it inlines.
func (l *MoveList) add(m Move) { l.Moves[l.N] = m; l.N++ }

// Slice returns the filled part of the list.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Moves[:l.N] {
		if x == m {
			return true
		}
	}
	return false
}
