package board

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// TestPerftChess960 checks move generation under Chess960's rules against
// the published Chess960 perft results (the Chess Programming Wiki's list:
// 960 positions, counts to depth 6, in testdata/perft/chess960.epd): every
// position to depth 3, every tenth to depth 4 (a tenth also making every
// move, to depth 3). KIBITZ_PERFT_FULL=1 runs every position to depth 5.
func TestPerftChess960(t *testing.T) {
	entries := loadPerftEPD(t, "chess960.epd")
	if len(entries) != 960 {
		t.Fatalf("%d positions, want 960", len(entries))
	}
	full := os.Getenv("KIBITZ_PERFT_FULL") == "1"
	for i, e := range entries {
		p, err := Chess960.ParseFEN(e.fen)
		if err != nil {
			t.Fatalf("position %d: %v", i+1, err)
		}
		d := 3
		switch {
		case full:
			d = 5
		case i%10 == 0:
			d = 4
		}
		if got := p.PerftBulk(d); got != e.depths[d-1] {
			t.Errorf("position %d %q: perft(%d) = %d, want %d", i+1, e.fen, d, got, e.depths[d-1])
		}
		if i%10 == 0 {
			if got := p.Perft(3); got != e.depths[2] {
				t.Errorf("position %d %q: perft(3) making every move = %d, want %d", i+1, e.fen, got, e.depths[2])
			}
		}
	}
}

// TestChess960Castling: castling written as the king taking its rook, the
// king staying put, the king landing on its rook's square, the rook that
// shielded the king's destination, and both sides' FEN spellings.
func TestChess960Castling(t *testing.T) {
	cases := []struct {
		name, fen, move string
		legal           bool
		after           string // FEN after the move, when legal
	}{
		{"king stays on g1", "1r2k3/8/8/8/8/8/8/1R4KR w Hb - 0 1", "g1h1", true,
			"1r2k3/8/8/8/8/8/8/1R3RK1 b q - 1 1"},
		{"queenside, king onto the rook's square", "1r2k3/8/8/8/8/8/8/2RK3R w C - 0 1", "d1c1", true,
			"1r2k3/8/8/8/8/8/8/2KR3R b - - 1 1"},
		{"the rook leaves the king's destination open to a rook", "4k3/8/8/8/8/8/8/rRK5 w B - 0 1", "c1b1", false, ""},
		{"a square the king crosses is attacked", "5r2/4k3/8/8/8/8/8/1K5R w H - 0 1", "b1h1", false, ""},
		{"a square between is occupied", "4k3/8/8/8/8/8/8/1K1N3R w H - 0 1", "b1h1", false, ""},
		{"long way, every square free", "4k3/8/8/8/8/8/8/1K5R w H - 0 1", "b1h1", true,
			"4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
		{"the standard start, king takes rook", StartFEN, "e1h1", false, ""}, // pieces between
		{"black castles queenside", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8a8", true,
			"2kr4/8/8/8/8/8/8/4K3 w - - 1 2"},
	}
	for _, c := range cases {
		p, err := Chess960.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		before, key := p.FEN(), p.Key()
		m, err := p.ParseMove(c.move)
		if (err == nil) != c.legal {
			t.Errorf("%s: ParseMove(%s) error %v, want legal=%v", c.name, c.move, err, c.legal)
			continue
		}
		if !c.legal {
			continue
		}
		if !m.IsCastle() || m.String() != c.move {
			t.Errorf("%s: %s read as %v (castle %v)", c.name, c.move, m, m.IsCastle())
		}
		p.MakeMove(m)
		if got := p.FEN(); got != c.after {
			t.Errorf("%s: after %s FEN %s, want %s", c.name, c.move, got, c.after)
		}
		if p.Key() != p.computeKey() {
			t.Errorf("%s: key after the castling differs from the key computed afresh", c.name)
		}
		p.UnmakeMove()
		if p.FEN() != before || p.Key() != key {
			t.Errorf("%s: unmake gave %s, want %s", c.name, p.FEN(), before)
		}
	}
}

// TestChess960FENFields: Shredder-FEN and X-FEN read alike; FEN writes
// X-FEN (KQkq for outermost rooks, the file for an inner one); standard
// rules refuse what only Chess960 can mean and read HAha as KQkq.
func TestChess960FENFields(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"4k3/8/8/8/8/8/8/4KR1R w F - 0 1", "4k3/8/8/8/8/8/8/4KR1R w F - 0 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", StartFEN},
	} {
		p, err := Chess960.ParseFEN(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := p.FEN(); got != c.out {
			t.Errorf("FEN of %s: %s, want %s", c.in, got, c.out)
		}
		q, err := Chess960.ParseFEN(p.FEN())
		if err != nil || q.Key() != p.Key() || q.FEN() != p.FEN() {
			t.Errorf("%s does not read back as the same position (%v)", p.FEN(), err)
		}
	}
	if _, err := ParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"); err == nil || !strings.Contains(err.Error(), "Chess960") {
		t.Errorf("a Chess960 castling field under standard rules: %v, want an error naming Chess960", err)
	}
	p, err := ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
	if err != nil || p.FEN() != StartFEN {
		t.Errorf("HAha under standard rules: %v, %v", err, p)
	}
	for _, bad := range []string{"4k3/8/8/8/8/8/8/4KR1R w G - 0 1", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "4k3/8/8/8/8/8/4K3/7R w H - 0 1", "4k3/8/8/8/8/8/8/R3K2R w HK - 0 1"} {
		if _, err := Chess960.ParseFEN(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestChess960Playouts plays random games from Chess960 positions and
// checks at every ply what the search relies on: the incremental key
// equals the key computed afresh, the FEN reads back as the same
// position, the piece changes replayed on the previous board give the new
// one, and unmaking every move restores the start.
func TestChess960Playouts(t *testing.T) {
	entries := loadPerftEPD(t, "chess960.epd")
	rng := rand.New(rand.NewPCG(960, 1))
	castles := 0
	for g := range 200 {
		p, err := Chess960.ParseFEN(entries[g*4].fen)
		if err != nil {
			t.Fatal(err)
		}
		start := p.FEN()
		var l MoveList
		for ply := 0; ply < 120; ply++ {
			p.GenerateMoves(&l, GenAll)
			if l.N == 0 {
				break
			}
			m := l.Slice()[rng.IntN(l.N)]
			before := p.squares
			p.MakeMove(m)
			if m.IsCastle() {
				castles++
			}
			if p.Key() != p.computeKey() {
				t.Fatalf("%s after %v: incremental key differs", start, m)
			}
			if q, err := Chess960.ParseFEN(p.FEN()); err != nil || q.Key() != p.Key() {
				t.Fatalf("%s: %s does not read back (%v)", start, p.FEN(), err)
			}
			var ch [4]PieceChange
			n := p.LastMoveChanges(&ch)
			for _, c := range ch[:n] {
				if c.Added {
					before[c.Square] = c.Piece
				} else if before[c.Square] == c.Piece {
					before[c.Square] = NoPiece
				} else {
					t.Fatalf("%s: %v removes %v from %v, which holds %v", start, m, c.Piece, c.Square, before[c.Square])
				}
			}
			if before != p.squares {
				t.Fatalf("%s: the changes of %v do not give the new board", start, m)
			}
		}
		for p.Ply() > 0 {
			p.UnmakeMove()
		}
		if p.FEN() != start {
			t.Fatalf("unmaking every move gave %s, want %s", p.FEN(), start)
		}
	}
	if castles < 20 {
		t.Errorf("only %d castlings in 200 random games: the test hardly tries them", castles)
	}
}

// TestChess960StartFEN: position 518 is the standard start, the 960 are
// distinct, each a king between its rooks and bishops on both colours, and
// each plays 20 moves or more from a valid FEN.
func TestChess960StartFEN(t *testing.T) {
	if fen, _ := Chess960StartFEN(518); fen != StartFEN {
		t.Errorf("position 518: %s, want the standard start", fen)
	}
	if fen, _ := Chess960StartFEN(0); !strings.HasPrefix(fen, "bbqnnrkr/") {
		t.Errorf("position 0: %s, want bbqnnrkr", fen)
	}
	seen := map[string]bool{}
	for n := range 960 {
		fen, err := Chess960StartFEN(n)
		if err != nil {
			t.Fatal(err)
		}
		back := strings.Fields(fen)[0][len("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"):]
		r1, k, r2 := strings.Index(back, "R"), strings.Index(back, "K"), strings.LastIndex(back, "R")
		b1, b2 := strings.Index(back, "B"), strings.LastIndex(back, "B")
		if seen[back] || !(r1 < k && k < r2) || (b1+b2)%2 == 0 {
			t.Fatalf("position %d: %s", n, back)
		}
		seen[back] = true
		p, err := Chess960.ParseFEN(fen)
		if err != nil {
			t.Fatalf("position %d: %v", n, err)
		}
		var l MoveList
		if p.GenerateMoves(&l, GenAll); l.N < 18 {
			t.Errorf("position %d (%s): %d moves", n, back, l.N)
		}
	}
	for _, n := range []int{-1, 960} {
		if _, err := Chess960StartFEN(n); err == nil {
			t.Errorf("position %d accepted", n)
		}
	}
}

// TestRulesOf: a FEN calls for Chess960 only where standard chess cannot
// read its castling rights and Chess960 can.
func TestRulesOf(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want Rules
	}{
		{StartFEN, Standard},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", Standard},
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", Chess960},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", Chess960},
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1", Standard},
		{"4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", Chess960},
		{"not a fen", Standard},
	} {
		if got := RulesOf(c.fen); got != c.want {
			t.Errorf("RulesOf(%q) = %v, want %v", c.fen, got, c.want)
		}
	}
}
