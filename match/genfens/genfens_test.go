package genfens

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/notnil/chess"

	"kibitz/engine/board"
	"kibitz/uci"
)

// material is a stand-in for the engine's search: the side to move's
// material balance in centipawns.
func material(pos *board.Position) int {
	score := 0
	for sq := board.Square(0); sq < 64; sq++ {
		p := pos.PieceAt(sq)
		if p == board.NoPiece || p.Type() == board.King {
			continue
		}
		v := board.PieceValue(p.Type())
		if p.Color() != pos.SideToMove() {
			v = -v
		}
		score += v
	}
	return score
}

func TestParse(t *testing.T) {
	o, err := Parse(strings.Fields("100 seed 42 book None"))
	if err != nil || o.Count != 100 || o.Seed != 42 || o.Book != "" || o.MinPlies != 8 || o.MaxPlies != 9 || o.MaxScore != 300 || o.Nodes != 5000 {
		t.Errorf("defaults: %+v %v", o, err)
	}
	o, err = Parse(strings.Fields("5 seed 0 book Books/x.epd plies=4-6 maxcp=150 nodes=2000"))
	if err != nil || o.Book != "Books/x.epd" || o.MinPlies != 4 || o.MaxPlies != 6 || o.MaxScore != 150 || o.Nodes != 2000 {
		t.Errorf("extra words: %+v %v", o, err)
	}
	for _, bad := range []string{"", "10", "10 seed 1", "10 seed 1 book", "x seed 1 book None", "0 seed 1 book None",
		"10 seed -1 book None", "10 seed 1 novel None", "10 seed 1 book None plies=9-8", "10 seed 1 book None plies=x",
		"10 seed 1 book None maxcp=0", "10 seed 1 book None nodes=0", "10 seed 1 book None colour=red", "10 seed 1 book None loud"} {
		if _, err := Parse(strings.Fields(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// Openings are legal (read by an independent parser), distinct, unfinished
// and balanced, with both sides to move; the same request gives the same
// openings and another seed others.
func TestGenerate(t *testing.T) {
	o, _ := Parse(strings.Fields("300 seed 7 book None"))
	fens, err := Generate(o, material)
	if err != nil {
		t.Fatal(err)
	}
	if len(fens) != 300 {
		t.Fatalf("%d openings", len(fens))
	}
	seen := map[string]bool{}
	sides := map[string]int{}
	for _, f := range fens {
		if _, err := chess.FEN(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		pos, err := board.ParseFEN(f)
		if err != nil || !pos.HasLegalMove() {
			t.Errorf("%s: %v, or no legal move", f, err)
			continue
		}
		if s := material(pos); s > 300 || s < -300 {
			t.Errorf("%s: unbalanced (%d)", f, s)
		}
		key := strings.Join(strings.Fields(f)[:4], " ")
		if seen[key] {
			t.Errorf("%s twice", f)
		}
		seen[key] = true
		sides[strings.Fields(f)[1]]++
	}
	if sides["w"] < 100 || sides["b"] < 100 {
		t.Errorf("sides to move: %v, want both often (8 or 9 plies)", sides)
	}
	again, _ := Generate(o, material)
	if !slices.Equal(fens, again) {
		t.Error("the same request gave other openings")
	}
	o.Seed = 8
	other, _ := Generate(o, material)
	if slices.Equal(fens, other) {
		t.Error("another seed gave the same openings")
	}
}

// Balance: with a bound no opening can meet the request fails whole.
func TestUnbalancedOpeningsAreDropped(t *testing.T) {
	o, _ := Parse(strings.Fields("5 seed 1 book None maxcp=1"))
	fens, err := Generate(o, func(*board.Position) int { return 50 })
	if err == nil || len(fens) != 0 {
		t.Errorf("every opening scored 50 > maxcp 1: %d openings, error %v", len(fens), err)
	}
	calls := 0
	fens, err = Generate(o, func(*board.Position) int { calls++; return []int{400, -400, 0}[calls%3] })
	if err != nil || len(fens) != 5 || calls < 13 {
		t.Errorf("two of three dropped: %d openings after %d searches, %v", len(fens), calls, err)
	}
}

func TestBooks(t *testing.T) {
	dir := t.TempDir()
	epd := filepath.Join(dir, "book.epd")
	os.WriteFile(epd, []byte("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\nrnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2\n"), 0o644)
	pgn := filepath.Join(dir, "book.pgn")
	os.WriteFile(pgn, []byte("[Event \"a\"]\n\n1. e4 c5 2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 Nf6 2. c4 *\n"), 0o644)
	for _, book := range []string{epd, pgn} {
		o, _ := Parse(strings.Fields("20 seed 3 book " + book))
		fens, err := Generate(o, material)
		if err != nil || len(fens) != 20 {
			t.Fatalf("%s: %d openings, %v", book, len(fens), err)
		}
		for _, f := range fens {
			// Two or three plies after a book line of two moves (epd, at move 2) or three plies.
			if n := strings.Fields(f)[5]; n != "3" && n != "4" {
				t.Errorf("%s: %s is not a few plies after the book", book, f)
			}
		}
	}
	for _, bad := range []string{filepath.Join(dir, "missing.epd"), dir} {
		o, _ := Parse(strings.Fields("2 seed 1 book " + bad))
		if fens, err := Generate(o, material); err == nil || len(fens) != 0 {
			t.Errorf("book %s: %d openings, error %v", bad, len(fens), err)
		}
	}
	// A book too small for the request ends with an error, not a hang.
	o, _ := Parse(strings.Fields("50 seed 1 book " + epd + " plies=0"))
	if _, err := Generate(o, material); err == nil {
		t.Error("50 distinct openings from a book of 2 lines and no random plies")
	}
}

// Through the UCI loop, with the engine's own search: the lines OpenBench
// reads, and an error line (and no opening) for a bad request.
func TestCommandInTheUCILoop(t *testing.T) {
	cfg := uci.Config{Commands: map[string]uci.Command{"genfens": Command}}
	var out strings.Builder
	if err := uci.RunCommands([]string{"genfens 4 seed 11 book None", "genfens 2 seed 1 book None plies=99", "quit"}, &out, cfg); err != nil {
		t.Fatal(err)
	}
	var fens, errs []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		switch {
		case strings.HasPrefix(l, "info string genfens "):
			fens = append(fens, strings.TrimPrefix(l, "info string genfens "))
		case strings.HasPrefix(l, "info string error: genfens: "):
			errs = append(errs, l)
		}
	}
	if len(fens) != 4 || len(errs) != 1 || !strings.Contains(errs[0], "plies=99") {
		t.Fatalf("output:\n%s", out.String())
	}
	for _, f := range fens {
		if _, err := board.ParseFEN(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}
