package board

import "testing"

// TestLastMoveChangesRebuildTheBoard applies the reported changes to the
// previous board and expects the new board, along random games.
func TestLastMoveChangesRebuildTheBoard(t *testing.T) {
	var prev [64]Piece
	randomGames(t, 2, 120, func(p *Position, m Move) {
		var ch [4]PieceChange
		n := p.LastMoveChanges(&ch)
		p.UnmakeMove()
		prev = p.squares
		p.MakeMove(m)
		for _, c := range ch[:n] {
			if c.Added {
				prev[c.Square] = c.Piece
			} else {
				if prev[c.Square] != c.Piece {
					t.Fatalf("%v: removes %v from %v, which holds %v", m, c.Piece, c.Square, prev[c.Square])
				}
				prev[c.Square] = NoPiece
			}
		}
		if prev != p.squares {
			t.Fatalf("%v in %s: changes do not rebuild the board", m, p.FEN())
		}
	})
}
