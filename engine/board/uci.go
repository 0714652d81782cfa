package board

import (
	"errors"
	"fmt"

	"kibitz/internal/excerpt"
)

// ErrIllegalMove is wrapped by ParseMove's errors for well-formed moves that
// are not legal in the position.
var ErrIllegalMove = errors.New("illegal move")

// ParseMove reads a move in UCI notation (e2e4, e7e8q, e1g1 for castling —
// under Chess960 e1h1, the king taking its rook) and returns it if it is
// legal in p.
func (p *Position) ParseMove(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return NullMove, fmt.Errorf("move %q: want 4 or 5 characters like e2e4 or e7e8q", excerpt.Of(s))
	}
	from, ok1 := ParseSquare(s[0:2])
	to, ok2 := ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return NullMove, fmt.Errorf("move %q: %q or %q is not a square", s, s[0:2], s[2:4])
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] | 0x20 { // a7a8Q as well: some GUIs and tools write the piece in capitals
		case 'n':
			promo = Knight
		case 'b':
			promo = Bishop
		case 'r':
			promo = Rook
		case 'q':
			promo = Queen
		default:
			return NullMove, fmt.Errorf("move %q: promotion piece %q is not one of n, b, r, q", s, s[4])
		}
	}
	var l MoveList
	p.GenerateMoves(&l, GenAll)
	for _, m := range l.Slice() {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, nil
		}
		// Standard chess also takes castling as the king taking its rook
		// (e1h1), as Chess960 writes it; under Chess960 that is the only
		// way, since there the king's destination can be an ordinary move.
		if !p.chess960 && m.IsCastle() && m.From() == from && p.castling.rook[castleRight(p.side, m.Kind())] == to {
			return m, nil
		}
	}
	if promo == NoPieceType && p.squares[from].Type() == Pawn && (to.Rank() == 0 || to.Rank() == 7) {
		return NullMove, fmt.Errorf("move %q: %w (a promotion needs a piece letter, e.g. %sq)", s, ErrIllegalMove, s)
	}
	return NullMove, fmt.Errorf("move %q: %w in %s", s, ErrIllegalMove, p.FEN())
}

// MoveError says which move of a list could not be played (counted from 1).
type MoveError struct {
	N   int
	Err error
}

func (e *MoveError) Error() string { return fmt.Sprintf("move %d: %v", e.N, e.Err) }
func (e *MoveError) Unwrap() error { return e.Err }

// PositionAfter returns the position reached from fen ("" or "startpos":
// the standard start) by the moves in UCI notation: the one way every
// front-end (UCI, the browser bridge, the HTTP API) sets up a position. A
// bad move is reported as a *MoveError.
func PositionAfter(fen string, moves []string) (*Position, error) {
	return Standard.PositionAfter(fen, moves)
}

// PositionAfter is PositionAfter under rules r: under Chess960 the FEN may
// be one of its positions and castling moves are the king taking its rook.
func (r Rules) PositionAfter(fen string, moves []string) (*Position, error) {
	if fen == "" || fen == "startpos" {
		fen = StartFEN
	}
	p, err := r.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	for i, mv := range moves {
		m, err := p.ParseMove(mv)
		if err != nil {
			return nil, &MoveError{i + 1, err}
		}
		p.MakeMove(m)
	}
	return p, nil
}

// UCIList writes moves in UCI notation, one string each.
func UCIList(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}
