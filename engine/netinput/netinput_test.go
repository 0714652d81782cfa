package netinput

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"kibitz/engine/board"
	"kibitz/nnue"
)

// TestNumberingsAgree: the board and the net number colours, piece types
// and squares alike, which makes every conversion here a change of type.
func TestNumberingsAgree(t *testing.T) {
	for c := board.White; c <= board.Black; c++ {
		for pt := board.Pawn; pt <= board.King; pt++ {
			pc := board.MakePiece(c, pt)
			want := nnue.MakePiece(nnue.Color(c), nnue.PieceType(pt))
			if Piece(pc) != want || Piece(pc).Color() != Color(c) || BoardPiece(want) != pc {
				t.Fatalf("%v: the net's piece is %d, want %d", pc, Piece(pc), want)
			}
		}
	}
	pos := board.NewPosition()
	for sq := board.Square(0); sq < 64; sq++ {
		if Square(sq) != nnue.Square(sq.Rank()*8+sq.File()) || BoardSquare(Square(sq)) != sq {
			t.Fatalf("%v: the net's square is %d", sq, Square(sq))
		}
		if pc := pos.PieceAt(sq); pc != board.NoPiece {
			placement := Of(pos).Placement()
			if placement[pc.Color()][pc.Type()]&(1<<Square(sq)) == 0 {
				t.Fatalf("%v on %v is not among the net's pieces", pc, sq)
			}
		}
	}
	if Feature(board.White, board.MakePiece(board.Black, board.Knight), 62) != (6+1)*64+62 ||
		Feature(board.Black, board.MakePiece(board.Black, board.Knight), 62) != 1*64+6 {
		t.Error("the black knight on g8 is not the feature the net's doc gives")
	}
}

// TestIncrementalEqualsFreshAlongGames plays random legal games, standard
// and Chess960, with every kind of move (castling both ways, en passant,
// promotions, null moves), and checks the net's incremental evaluation
// (the embedded net's) through the adapter against a fresh one.
func TestIncrementalEqualsFreshAlongGames(t *testing.T) {
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	kinds := map[string]int{}
	for _, fen := range []string{board.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		// Chess960: castling where the king stays, or lands on its rook's square.
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"1r2k2r/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"} {
		for range 4 {
			p, err := board.ParseFEN(fen)
			if err != nil {
				if p, err = board.Chess960.ParseFEN(fen); err != nil {
					t.Fatal(err)
				}
			}
			inc := nnue.NewEvaluator(net)
			inc.Reset(Of(p))
			for range 100 {
				var l board.MoveList
				p.GenerateMoves(&l, board.GenAll)
				if l.N == 0 {
					break
				}
				if rng.IntN(10) == 0 && !p.InCheck() {
					p.MakeNullMove()
					kinds["null"]++
				} else {
					m := l.Moves[rng.IntN(l.N)]
					// The rarer moves are played whenever the dice say so.
					for _, x := range l.Slice() {
						if (x.IsCastle() || x.Kind() == board.EnPassant || x.IsPromotion()) && rng.IntN(2) == 0 {
							m = x
						}
					}
					switch {
					case m.IsCastle():
						kinds["castling"]++
					case m.Kind() == board.EnPassant:
						kinds["en passant"]++
					case m.IsPromotion():
						kinds["promotion"]++
					}
					p.MakeMove(m)
				}
				inc.Push(Of(p))
				if got, want := inc.Evaluate(Of(p)), net.EvaluateFresh(Of(p)); got != want {
					t.Fatalf("%s: incremental %d, fresh %d", p.FEN(), got, want)
				}
			}
		}
	}
	for _, k := range []string{"null", "castling", "en passant", "promotion"} {
		if kinds[k] == 0 {
			t.Errorf("the games made no %s move (%v)", k, kinds)
		}
	}
}

// TestChangesAreLaidOutAlike: LastChanges lets the board write the net's
// changes in place, which needs the two types' layouts to agree.
func TestChangesAreLaidOutAlike(t *testing.T) {
	var b board.PieceChange
	var n nnue.Change
	if unsafe.Sizeof(b) != unsafe.Sizeof(n) || unsafe.Offsetof(b.Piece) != unsafe.Offsetof(n.Piece) ||
		unsafe.Offsetof(b.Square) != unsafe.Offsetof(n.Square) || unsafe.Offsetof(b.Added) != unsafe.Offsetof(n.Added) ||
		unsafe.Sizeof(b.Piece) != unsafe.Sizeof(n.Piece) || unsafe.Sizeof(b.Square) != unsafe.Sizeof(n.Square) {
		t.Fatal("board.PieceChange and nnue.Change are laid out differently")
	}
}

// TestLastChanges: the adapter reports the board's changes in the net's
// numbering and order, and none before a move.
func TestLastChanges(t *testing.T) {
	p, err := board.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var out [4]nnue.Change
	if n := Of(p).LastChanges(&out); n != 0 {
		t.Fatalf("%d changes before any move", n)
	}
	m, err := p.ParseMove("e5f7") // the knight takes the pawn on f7
	if err != nil {
		t.Fatal(err)
	}
	p.MakeMove(m)
	n := Of(p).LastChanges(&out)
	knight, pawn := nnue.MakePiece(nnue.White, nnue.Knight), nnue.MakePiece(nnue.Black, nnue.Pawn)
	want := []nnue.Change{{Piece: knight, Square: 36}, {Piece: pawn, Square: 53}, {Piece: knight, Square: 53, Added: true}}
	if !slices.Equal(out[:n], want) {
		t.Errorf("changes %v, want %v", out[:n], want)
	}
}
