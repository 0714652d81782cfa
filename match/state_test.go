package match

import (
	"testing"

	"github.com/notnil/chess"
)

func stateFrom(t *testing.T, fen string, moves ...string) rules {
	t.Helper()
	return startUnder(t, false, fen, moves...)
}

// startUnder is a game under standard or Chess960 rules (both referees).
func startUnder(t *testing.T, chess960 bool, fen string, moves ...string) rules {
	t.Helper()
	game, _, err := startGame(Opening{FEN: fen, Moves: moves}, chess960)
	if err != nil {
		t.Fatal(err)
	}
	return game
}

func TestGameStateRules(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	cases := []struct {
		name, fen string
		moves     []string
		outcome   chess.Outcome
		why       string
	}{
		{"start", start, nil, chess.NoOutcome, ""},
		{"twice is not threefold", start, shuffle, chess.NoOutcome, ""},
		{"threefold", start, append(append([]string{}, shuffle...), shuffle...), chess.Draw, "threefold repetition"},
		{"fool's mate", start, []string{"f2f3", "e7e5", "g2g4", "d8h4"}, chess.BlackWon, "checkmate"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil, chess.Draw, "stalemate"},
		{"fifty moves", "4k3/8/8/8/8/8/R7/4K3 w - - 99 80", []string{"a2a3"}, chess.Draw, "fifty-move rule"},
		{"a pawn move resets the count", "4k3/8/8/8/8/8/P7/4K3 w - - 99 80", []string{"a2a3"}, chess.NoOutcome, ""},
		{"king and bishop", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", nil, chess.Draw, "insufficient material"},
		{"king and knight", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", nil, chess.Draw, "insufficient material"},
		{"bishops on one colour", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", nil, chess.Draw, "insufficient material"},
		{"bishops on both colours", "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", nil, chess.NoOutcome, ""},
		{"two knights", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", nil, chess.NoOutcome, ""},
		{"a pawn", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", nil, chess.NoOutcome, ""},
	}
	// Both referees apply the same rules: notnil/chess's for standard
	// games, Kibitz's board for Chess960 (the positions are valid in both).
	for _, chess960 := range []bool{false, true} {
		for _, c := range cases {
			o, why := startUnder(t, chess960, c.fen, c.moves...).over()
			if o != c.outcome || why != c.why {
				t.Errorf("%s (Chess960 %v): %s (%q), want %s (%q)", c.name, chess960, o, why, c.outcome, c.why)
			}
		}
	}
}

func TestGameStateRefusesIllegalMovesAndWritesSAN(t *testing.T) {
	g := stateFrom(t, "")
	for _, bad := range []string{"e2e5", "a1a1", "e7e5", "zz", ""} {
		if g.play(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	for _, mv := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"} {
		if err := g.play(mv); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"}
	if got := g.san(); len(got) != len(want) || got[6] != "O-O" || got[2] != "Nf3" {
		t.Errorf("SAN %v, want %v", got, want)
	}
}
