package board

import (
	"errors"
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	for _, e := range loadPerftEPD(t, "perftsuite.epd") {
		p, err := ParseFEN(e.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.FEN(); got != e.fen {
			t.Errorf("round trip: got %q, want %q", got, e.fen)
		}
	}
	p, err := ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
	if err != nil || p.FEN() != StartFEN {
		t.Errorf("four-field FEN: %v, %q", err, p.FEN())
	}
}

func TestFENErrors(t *testing.T) {
	cases := []struct{ fen, want string }{
		{"", "0 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "5 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "'X' is not a piece letter"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'9' is not a piece letter"},
		{"rnbqkbnr/pppppppp/35/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits in a row"},
		{"rnbqkbnr/pppppppp/8p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has more than 8"},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "not one of KQkq"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "repeats"},
		{"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling right k needs"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "castling right K needs"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", "not on rank 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "no black pawn"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "not a square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1", "fullmove number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock"},
		{"8/8/8/8/8/8/8/8 w - - 0 1", "white has 0 kings"},
		{"4k3/8/8/8/8/8/8/4K2K w - - 0 1", "white has 2 kings"},
		{"4k3/8/8/8/8/8/8/8 w - - 0 1", "white has 0 kings"},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "first or last rank"},
		{"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "first or last rank"},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "black is not to move but is in check"},
		{"4k3/8/8/8/8/8/PPPPPPPP/PPP1K3 w - - 0 1", "11 pawns"},
		{"4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1", "16 pawns"},
		{strings.Repeat("8/", 200), "longer than"},
	}
	for _, c := range cases {
		_, err := ParseFEN(c.fen)
		if err == nil {
			t.Errorf("ParseFEN(%q) accepted", c.fen)
			continue
		}
		if !errors.Is(err, ErrInvalidFEN) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseFEN(%q) = %v, want an ErrInvalidFEN mentioning %q", c.fen, err, c.want)
		}
	}
}

// The en-passant square is written only where a pawn can take: not after
// 1.e4, yes after 1.e4 a6 2.e5 d5. Both FENs read back to the same key.
func TestFENWritesEnPassantOnlyWhenACaptureIsPossible(t *testing.T) {
	p := NewPosition()
	for _, s := range []string{"e2e4"} {
		m, _ := p.ParseMove(s)
		p.MakeMove(m)
	}
	if got := p.FEN(); got != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Errorf("after 1.e4: %s", got)
	}
	for _, s := range []string{"a7a6", "e4e5", "d7d5"} {
		m, _ := p.ParseMove(s)
		p.MakeMove(m)
	}
	if got := p.FEN(); got != "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3" {
		t.Errorf("after 2...d5: %s", got)
	}
	q, err := ParseFEN(p.FEN())
	if err != nil || q.Key() != p.Key() {
		t.Errorf("read back: %v, key %x vs %x", err, q.Key(), p.Key())
	}
}

// What many tools write and Stockfish reads: a fullmove number of 0 (read
// as 1) and a promotion piece in capitals.
func TestLenientFENAndMoves(t *testing.T) {
	p, err := ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0")
	if err != nil || p.FullmoveNumber() != 1 || p.FEN() != StartFEN {
		t.Errorf("fullmove 0: %v, %v", p, err)
	}
	p, _ = ParseFEN("8/P6k/8/8/8/8/8/K7 w - - 0 1")
	for _, s := range []string{"a7a8Q", "a7a8q", "a7a8N"} {
		m, err := p.ParseMove(s)
		if err != nil || !m.IsPromotion() || m.String() != strings.ToLower(s) {
			t.Errorf("%s: %v %v", s, m, err)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	p := NewPosition()
	cases := []struct{ move, want string }{
		{"", "4 or 5 characters"},
		{"e2e4e5", "4 or 5 characters"},
		{"e2x4", "not a square"},
		{"e7e8k", "promotion piece"},
		{"e2e5", "illegal move"},
		{"e1g1", "illegal move"},
	}
	for _, c := range cases {
		if _, err := p.ParseMove(c.move); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseMove(%q) = %v, want error mentioning %q", c.move, err, c.want)
		}
	}
	m, err := p.ParseMove("g1f3")
	if err != nil || m.String() != "g1f3" {
		t.Errorf("ParseMove(g1f3) = %v, %v", m, err)
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, e := range loadPerftEPD(f, "perftsuite.epd") {
		f.Add(e.fen)
	}
	f.Add("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("FEN output %q of %q does not parse: %v", out, fen, err)
		}
		if q.FEN() != out || q.Key() != p.Key() {
			t.Fatalf("round trip of %q differs: %q", out, q.FEN())
		}
		p.PerftBulk(2) // any accepted position must be safe to search
	})
}

func FuzzParseMove(f *testing.F) {
	f.Add(StartFEN, "e2e4")
	f.Add("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q")
	f.Add("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1")
	f.Fuzz(func(t *testing.T, fen, move string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := p.ParseMove(move)
		if err != nil {
			return
		}
		if m.String() != move {
			t.Fatalf("ParseMove(%q) = %v", move, m)
		}
		p.MakeMove(m)
		p.UnmakeMove()
		if p.FEN() != mustFEN(t, fen) {
			t.Fatalf("make/unmake of %v changed %q", m, fen)
		}
	})
}

func mustFEN(t *testing.T, fen string) string {
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p.FEN()
}

// TestPrintedClocksAlwaysParse: playing on from clocks at the parser's
// bound still prints a FEN that parses.
func TestPrintedClocksAlwaysParse(t *testing.T) {
	p, err := ParseFEN("4k3/8/8/8/8/8/8/4K2R w - - 99998 99999")
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"h1h2", "e8d8", "h2h3", "d8e8", "h3h4", "e8d8"} {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
		if _, err := ParseFEN(p.FEN()); err != nil {
			t.Fatalf("after %s: %s does not parse: %v", mv, p.FEN(), err)
		}
	}
	if !strings.HasSuffix(p.FEN(), " 100000 100000") {
		t.Errorf("clocks printed as %q", p.FEN())
	}
}

// Flipping the colours twice gives the position back; once, the board
// upside down with the rights, the side and the en-passant square exchanged.
func TestFlipColours(t *testing.T) {
	cases := map[string]string{
		StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 0 3": "rnbqkbnr/pppp1ppp/8/8/3PpP2/8/PPP1P1PP/RNBQKBNR b Qk f3 0 3",
		"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1":                              "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
	}
	for fen, want := range cases {
		got, err := FlipColours(fen)
		if err != nil || got != want {
			t.Errorf("FlipColours(%q) = %q, %v; want %q", fen, got, err, want)
			continue
		}
		if back, _ := FlipColours(got); back != fen {
			t.Errorf("flipped twice: %q, want %q", back, fen)
		}
	}
	if _, err := FlipColours("not a fen"); err == nil {
		t.Error("a bad FEN was flipped")
	}
}
