package board

import "math/bits"

// Color is White or Black.
type Color uint8

// The two colours; Other flips between them.
const (
	White Color = iota
	Black
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without colour.
type PieceType uint8

// Piece types. NoPieceType marks the absence of a piece.
const (
	Pawn PieceType = iota
	Knight
	Bishop
	Rook
	Queen
	King
	NoPieceType
)

// Piece is a coloured piece: type*2 + colour, so that pieces index
// twelve-entry tables directly. NoPiece is an empty square.
type Piece uint8

// NoPiece is the empty square.
const NoPiece Piece = 12

// MakePiece combines a colour and a piece type.
func MakePiece(c Color, t PieceType) Piece { return Piece(t)<<1 | Piece(c) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p >> 1) }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p & 1) }

const pieceLetters = "PpNnBbRrQqKk"

// String returns the FEN letter of the piece, or "." for NoPiece.
func (p Piece) String() string {
	if p >= NoPiece {
		return "."
	}
	return pieceLetters[p : p+1]
}

// Square is a board square, a1=0 … h8=63. NoSquare marks its absence.
type Square int8

// NoSquare is the absent square (for example, no en-passant target).
const NoSquare Square = -1

// Named squares used by castling.
const (
	A1 Square = 0
	C1 Square = 2
	D1 Square = 3
	E1 Square = 4
	F1 Square = 5
	G1 Square = 6
	H1 Square = 7
	A8 Square = 56
	C8 Square = 58
	D8 Square = 59
	E8 Square = 60
	F8 Square = 61
	G8 Square = 62
	H8 Square = 63
)

// MakeSquare returns the square on file f and rank r, both 0..7.
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns 0 (a) … 7 (h).
func (s Square) File() int { return int(s) & 7 }

// Rank returns 0 (first rank) … 7 (eighth rank).
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the algebraic name, for example "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare reads an algebraic square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// Bitboard is a set of squares, bit i standing for square i.
type Bitboard uint64

// Bit returns the bitboard holding only square s.
func (s Square) Bit() Bitboard { return Bitboard(1) << uint(s&63) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&s.Bit() != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// More reports whether the set has more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

// Files and ranks as bitboards.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xff
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
)

// Castling rights, one bit each.
type CastleRights uint8

// The four castling rights.
const (
	WhiteKingside CastleRights = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside
	AllCastling = WhiteKingside | WhiteQueenside | BlackKingside | BlackQueenside
)

// String returns the FEN castling field, "-" when there are none.
func (c CastleRights) String() string {
	s := ""
	for i, l := range "KQkq" {
		if c&(1<<i) != 0 {
			s += string(l)
		}
	}
	if s == "" {
		return "-"
	}
	return s
}
