package pgnimport

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/train/corpus"
)

func TestParseScore(t *testing.T) {
	for _, c := range []struct {
		comment string
		score   int
		ok      bool
	}{
		{"+0.35/12 0.123s", 35, true},
		{"-1.20/9 0.050s, n=12345, sd=14", -120, true},
		{"0.00/1 0.001s", 0, true},
		{"+M5/20 0.300s, White mates", search.Mate - 5, true},
		{"-M4/18 0.200s", -(search.Mate - 4), true},
		{"book", 0, false},
		{"", 0, false},
		{"/12 0.1s", 0, false}, // fastchess writes no score when the engine gave none
		{"White mates", 0, false},
		{"+M999/2 0.1s", 0, false},
	} {
		s, ok := ParseScore(c.comment)
		if s != c.score || ok != c.ok {
			t.Errorf("%q: %d %v, want %d %v", c.comment, s, ok, c.score, c.ok)
		}
	}
}

// A small PGN in fastchess's format: book moves, scores for both sides
// (the mover's view, turned to White's), a move without a score in the
// middle, an unfinished game.
const smallPGN = `[Event "Fastchess Tournament"]
[Site "?"]
[White "kibitz-a"]
[Black "kibitz-b"]
[Result "1-0"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]
[SetUp "1"]

2. Nf3 {book} Nc6 {-0.20/10 0.100s, n=5000, sd=12} 3. Bc4 {+0.30/11 0.100s, n=5000, sd=13}
Bc5 {/0 0.000s} 4. c3 {+0.25/11 0.100s} Nf6 {-0.28/10 0.100s} 5. d4 {+0.40/12 0.100s, White wins by adjudication} 1-0

[Event "Fastchess Tournament"]
[White "kibitz-b"]
[Black "kibitz-a"]
[Result "*"]

1. e4 {+0.30/10 0.100s} e5 {-0.30/10 0.100s} *
`

func TestImport(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "games.pgn")
	os.WriteFile(in, []byte(smallPGN), 0o644)
	out := filepath.Join(dir, "games.kgames")
	st, err := Import([]string{in}, out, "source=pgn generation=9")
	if err != nil {
		t.Fatal(err)
	}
	want := Stats{Files: 1, Games: 2, Unfinished: 1, Written: 2, Positions: 5, Unscored: 2 + 2}
	if st != want {
		t.Errorf("stats %+v, want %+v", st, want)
	}
	var games []corpus.Game
	sum, err := corpus.Read(out, func(g *corpus.Game) error { games = append(games, *g); return nil })
	if err != nil || sum.Meta != "source=pgn generation=9" || len(games) != 2 {
		t.Fatalf("read back: %+v %v, %d games", sum, err, len(games))
	}
	first, second := games[0], games[1]
	if first.Result != 1 || len(first.Opening) != 1 || first.Opening[0].String() != "g1f3" || !strings.HasPrefix(first.Start, "rnbqkbnr/pppp1ppp/8/4p3/4P3") {
		t.Errorf("first part: %+v", first)
	}
	// Black's -0.20 is White's +20; White's +0.30 stays.
	if len(first.Plies) != 2 || first.Plies[0].Score != 20 || first.Plies[1].Score != 30 || first.Plies[1].Move.String() != "f1c4" {
		t.Errorf("first part's plies: %+v", first.Plies)
	}
	// The game goes on after the unscored Bc5 from the position before it.
	pos, _ := board.ParseFEN(second.Start)
	if pos.SideToMove() != board.Black || len(second.Opening) != 1 || second.Opening[0].String() != "f8c5" ||
		len(second.Plies) != 3 || second.Plies[0].Score != 25 || second.Plies[1].Score != 28 || second.Plies[2].Score != 40 || second.Result != 1 {
		t.Errorf("second part: %+v", second)
	}
}

// Nothing is written on an error, an existing file is never touched, and
// the error names the file and the game.
func TestImportErrors(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.pgn")
	os.WriteFile(good, []byte(smallPGN), 0o644)
	bad := filepath.Join(dir, "bad.pgn")
	os.WriteFile(bad, []byte(smallPGN+"\n[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 {+0.1/1 0.1s} e5 {-0.1/1 0.1s} 2. Qh5 {+0.1/1 0.1s} Ke7 3. Zz9 1-0\n"), 0o644)
	out := filepath.Join(dir, "out.kgames")
	if _, err := Import([]string{good, bad}, out, "source=pgn"); err == nil || !strings.Contains(err.Error(), "bad.pgn: game 3") {
		t.Errorf("a bad move: %v, want the file and game 3 named", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed import left its output")
	}
	if _, err := os.Stat(out + ".partial"); err == nil {
		t.Error("a failed import left its partial file")
	}
	os.WriteFile(out, []byte("precious"), 0o644)
	if _, err := Import([]string{good}, out, "source=pgn"); err == nil {
		t.Error("imported over an existing file")
	}
	if b, _ := os.ReadFile(out); string(b) != "precious" {
		t.Error("an existing file was changed")
	}
	if _, err := Import([]string{filepath.Join(dir, "missing.pgn")}, filepath.Join(dir, "x.kgames"), "source=pgn"); err == nil {
		t.Error("a missing PGN accepted")
	}
	if _, err := Import([]string{good}, filepath.Join(dir, "x.txt"), "source=pgn"); err == nil {
		t.Error("an output not named .kgames accepted")
	}
	empty := filepath.Join(dir, "empty.pgn")
	os.WriteFile(empty, []byte("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 {book} e5 {book} 1-0\n"), 0o644)
	if _, err := Import([]string{empty}, filepath.Join(dir, "y.kgames"), "source=pgn"); err == nil || !strings.Contains(err.Error(), "no scored position") {
		t.Errorf("a PGN without a score: %v", err)
	}
}

// Three games Kibitz played itself through fastchess 1.8.2-alpha from
// genfens openings, as an OpenBench datagen workload writes them (5 000
// nodes a move, -pgnout nodes=true seldepth=true): every move carries a
// score, so every position is imported, and each game's scores are the
// movers' read back to White's view.
func TestImportFastchessPGN(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fc.kgames")
	st, err := Import([]string{"testdata/fastchess.pgn"}, out, "source=pgn")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile("testdata/fastchess.pgn")
	comments := len(regexp.MustCompile(`\{[^}]*\}`).FindAll(b, -1))
	if st.Games != 3 || st.Written != 3 || st.Unscored != 0 || st.Unfinished != 0 || st.Positions != comments {
		t.Errorf("%+v, want 3 games and all %d moves as positions", st, comments)
	}
	// The first game's first move, 5. g3 {-0.10/7 …}: White's move, White's view.
	var first *corpus.Game
	corpus.Read(out, func(g *corpus.Game) error {
		if first == nil {
			c := *g
			c.Plies = append([]corpus.Ply(nil), g.Plies...)
			first = &c
		}
		return nil
	})
	if first == nil || first.Plies[0].Move.String() != "g2g3" || first.Plies[0].Score != -10 || first.Plies[1].Score != -34 {
		t.Errorf("first game: %+v", first)
	}
}
