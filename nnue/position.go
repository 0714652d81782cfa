package nnue

import "math/bits"

// Color is a side: White or Black.
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opposing side.
func (c Color) Other() Color { return c ^ 1 }

// PieceType is a kind of piece without colour, Pawn … King.
type PieceType uint8

// The six piece types, in the order of the net's inputs.
const (
	Pawn PieceType = iota
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: type × 2 + colour.
type Piece uint8

// MakePiece combines a colour and a piece type.
func MakePiece(c Color, t PieceType) Piece { return Piece(t)<<1 | Piece(c) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p >> 1) }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p & 1) }

// Square is a square numbered rank × 8 + file: a1 = 0, h1 = 7, a8 = 56,
// h8 = 63. Bit i of a bitboard is square i.
type Square uint8

// File returns the square's file, 0 (a) … 7 (h).
func (s Square) File() int { return int(s) & 7 }

// Change is one piece appearing on or leaving a square.
type Change struct {
	Piece  Piece
	Square Square
	Added  bool
}

// Bitboards are a position's pieces by colour and piece type, bit i of
// each the square i.
type Bitboards [2][6]uint64

// Position is what the net reads of a position. The search's board
// implements it through an adapter; Board is a plain implementation.
type Position interface {
	// Placement returns the position's pieces. (Returned, not written
	// through a pointer: a pointer passed to an interface's method escapes,
	// and the search would allocate one Bitboards a node.)
	Placement() Bitboards
	// SideToMove returns the side whose turn it is.
	SideToMove() Color
	// LastChanges writes the piece changes of the move that led to the
	// position to out, removals first and the arrival last, and returns
	// how many there are: 0 after a null move or none, 2 for a quiet move,
	// 3 for a capture, 4 for castling (king, rook, rook, king). Only
	// Evaluator.Push reads it.
	LastChanges(out *[4]Change) int
}

// Board is a position given piece by piece, for evaluating a position
// without a move generator (LastChanges reports none).
type Board struct {
	Pieces Bitboards
	Side   Color // the side to move
}

// Put places a piece of colour c and type t on sq.
func (b *Board) Put(c Color, t PieceType, sq Square) { b.Pieces[c][t] |= 1 << sq }

// Placement returns the board's pieces.
func (b *Board) Placement() Bitboards { return b.Pieces }

// SideToMove returns the side to move.
func (b *Board) SideToMove() Color { return b.Side }

// LastChanges reports no move: a Board is set up, not played.
func (b *Board) LastChanges(*[4]Change) int { return 0 }

// king is the square of colour c's king.
func (s *Bitboards) king(c Color) Square { return Square(bits.TrailingZeros64(s[c][King])) }

// men counts the pieces.
func (s *Bitboards) men() int {
	n := 0
	for c := range s {
		for _, bb := range s[c] {
			n += bits.OnesCount64(bb)
		}
	}
	return n
}

// popFirst removes the lowest square of *bb and returns it.
func popFirst(bb *uint64) Square {
	sq := Square(bits.TrailingZeros64(*bb))
	*bb &= *bb - 1
	return sq
}
