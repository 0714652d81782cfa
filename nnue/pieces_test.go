package nnue

import (
	"testing"
)

func TestPieceValues(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, fen := range []string{
		startFEN,
		"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
		"8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50",
	} {
		p, err := parseBoard(fen)
		if err != nil {
			t.Fatal(err)
		}
		eval, values := n.PieceValues(p)
		want := n.EvaluateFresh(p)
		if p.SideToMove() == Black {
			want = -want
		}
		if eval != want {
			t.Errorf("%s: eval %d, the net says %d from White's view", fen, eval, want)
		}
		if len(values) != p.Pieces.men()-2 {
			t.Errorf("%s: %d values for %d pieces besides the kings", fen, len(values), p.Pieces.men()-2)
		}
		// The net sees both colours alike: in the flipped position each
		// piece is worth the same to the other side.
		q := p.mirrored()
		flippedEval, flipped := n.PieceValues(q)
		if flippedEval != -eval {
			t.Errorf("%s: eval %d, flipped %d", fen, eval, flippedEval)
		}
		bySquare := map[Square]PieceValue{}
		for _, v := range flipped {
			bySquare[v.Square] = v
		}
		for _, v := range values {
			w := bySquare[v.Square^56]
			if w.Piece != MakePiece(v.Piece.Color().Other(), v.Piece.Type()) || w.CP != -v.CP {
				t.Errorf("%s: %v on %v is worth %d, flipped %+v", fen, v.Piece, v.Square, v.CP, w)
			}
		}
	}
	// At the start each queen is worth more to its side than any pawn.
	_, values := n.PieceValues(mustBoard(t, startFEN))
	for _, q := range values {
		if q.Piece.Type() != Queen {
			continue
		}
		sign := 1
		if q.Piece.Color() == Black {
			sign = -1
		}
		for _, v := range values {
			if v.Piece.Type() == Pawn && v.Piece.Color() == q.Piece.Color() && sign*v.CP >= sign*q.CP {
				t.Errorf("the pawn on %v (%d) is worth as much as the queen on %v (%d)", v.Square, v.CP, q.Square, q.CP)
			}
		}
	}
}
