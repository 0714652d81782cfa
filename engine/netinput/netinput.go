// Package netinput is the one adapter between the board and the net: it
// shows a board.Position to the nnue package as an nnue.Position, and
// turns the board's pieces and squares into the net's. The two packages
// number colours, piece types and squares alike (a1 = 0, type × 2 +
// colour), so every conversion is a change of type; the package's test
// holds the two numberings together.
//
// netinput imports engine/board and nnue.
package netinput

import (
	"unsafe"

	"kibitz/engine/board"
	"kibitz/nnue"
)

// Position is a board position as the net reads it.
type Position struct{ P *board.Position }

// Of returns p as the net reads it.
func Of(p *board.Position) Position { return Position{p} }

// Placement returns the position's pieces.
func (p Position) Placement() (out nnue.Bitboards) {
	for c := board.White; c <= board.Black; c++ {
		for t := board.Pawn; t <= board.King; t++ {
			out[c][t] = uint64(p.P.Pieces(c, t))
		}
	}
	return out
}

// SideToMove returns the side to move.
func (p Position) SideToMove() nnue.Color { return nnue.Color(p.P.SideToMove()) }

// LastChanges writes the piece changes of the last move made to out.
// The board writes them in place: its PieceChange and the net's Change
// are laid out alike (the test checks it), and a move's squares are never
// NoSquare.
func (p Position) LastChanges(out *[4]nnue.Change) int {
	return p.P.LastMoveChanges((*[4]board.PieceChange)(unsafe.Pointer(out)))
}

// Color returns the net's colour for c.
func Color(c board.Color) nnue.Color { return nnue.Color(c) }

// Piece returns the net's piece for pc (not board.NoPiece).
func Piece(pc board.Piece) nnue.Piece { return nnue.Piece(pc) }

// Square returns the net's square for sq (not board.NoSquare).
func Square(sq board.Square) nnue.Square { return nnue.Square(sq) }

// Feature is the net's input for piece pc on sq seen from perspective
// (nnue.FeatureIndex).
func Feature(perspective board.Color, pc board.Piece, sq board.Square) int {
	return nnue.FeatureIndex(Color(perspective), Piece(pc), Square(sq))
}

// BoardSquare returns the board's square for the net's sq.
func BoardSquare(sq nnue.Square) board.Square { return board.Square(sq) }

// BoardPiece returns the board's piece for the net's pc.
func BoardPiece(pc nnue.Piece) board.Piece { return board.Piece(pc) }
