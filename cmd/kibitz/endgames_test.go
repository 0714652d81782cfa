package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kibitz/engine/board"
	"kibitz/train/corpus"
)

// writeGame appends a game from fen with the given moves and scores.
func writeGame(t *testing.T, w *corpus.Writer, index uint64, fen string, moves []string, scores []int) {
	t.Helper()
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	g := &corpus.Game{Index: index, Result: 0.5, Start: fen}
	for i, s := range moves {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(s, err)
		}
		g.Plies = append(g.Plies, corpus.Ply{Move: m, Score: scores[i]})
		pos.MakeMove(m)
	}
	if err := w.Write(g); err != nil {
		t.Fatal(err)
	}
}

// TestCorpusEndgames: each game gives its first quiet, undecided position
// with the chosen number of men — not one in check, not one where a
// capture was played, not one the search thought decided.
func TestCorpusEndgames(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "g"+corpus.Ext)
	w, _, err := corpus.Append(data, "test=1")
	if err != nil {
		t.Fatal(err)
	}
	// Game 0: in check first, then a decided score, then the one to take.
	writeGame(t, w, 0, "2k5/8/8/8/8/3n4/3P4/R3K3 w - - 0 1",
		[]string{"e1e2", "c8b7", "a1a4"}, []int{0, 900, 10})
	// Game 1: a capture first, then the one to take (3 men).
	writeGame(t, w, 1, "2k5/8/8/8/8/8/3n4/R3K3 w - - 0 1", []string{"e1d2", "c8b7"}, []int{0, 0})
	// Game 2 never has fewer than 7 men.
	writeGame(t, w, 2, "2k5/pp6/8/8/8/8/3PP3/R3K3 w - - 0 1", []string{"e1f1"}, []int{0})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "", "corpus", "endgames", "--men", "3-6", "--count", "10", data)
	if code != 0 {
		t.Fatalf("%d %s", code, errOut)
	}
	want := `8/1k6/8/8/8/3n4/3PK3/R7 w - - id "g.kgames game 0";
2k5/8/8/8/8/8/3K4/R7 b - - id "g.kgames game 1";
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// --tables picks endings, whichever colour has the material.
	for _, c := range []struct{ tables, want string }{
		{"KRPvKN", "game 0"}, {"KRvK", "game 1"}, {"KQvK,KRvK", "game 1"},
	} {
		code, out, errOut := runCLI(t, "", "corpus", "endgames", "--tables", c.tables, data)
		if code != 0 || strings.Count(out, "\n") != 1 || !strings.Contains(out, c.want) {
			t.Errorf("--tables %s: %q %s", c.tables, out, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "", "corpus", "endgames", "--tables", "KZvK", data); code == 0 || !strings.Contains(errOut, "--tables") {
		t.Errorf("--tables KZvK: %s", errOut)
	}
	// A suite is written to a new file only.
	epd := filepath.Join(dir, "e.epd")
	if code, out, _ := runCLI(t, "", "corpus", "endgames", "--men", "5", "--out", epd, data); code != 0 || !strings.Contains(out, "1 positions (of 1 games") {
		t.Errorf("--out: %s", out)
	}
	if b, _ := os.ReadFile(epd); !strings.Contains(string(b), "game 0") {
		t.Errorf("suite file: %q", b)
	}
	if code, _, errOut := runCLI(t, "", "corpus", "endgames", "--out", epd, data); code == 0 || !strings.Contains(errOut, "new file") {
		t.Errorf("an existing --out: %s", errOut)
	}
	if code, _, errOut := runCLI(t, "", "corpus", "endgames", "--men", "4", data); code == 0 || !strings.Contains(errOut, "no game") {
		t.Errorf("no position: %s", errOut)
	}
}
