package search

import (
	"testing"

	"github.com/notnil/chess"

	"kibitz/engine/board"
)

// TestSelfPlayMovesAreLegal plays a game at a tiny depth and checks every
// move with notnil/chess, an independent implementation of the rules.
func TestSelfPlayMovesAreLegal(t *testing.T) {
	// Four starts: however quickly a game ends (a net's play decides), the
	// games together play well over the plies asked for below.
	starts := []string{board.StartFEN, BenchPositions[1], BenchPositions[3], BenchPositions[5]}
	plies := 0
	for _, fen := range starts {
		e := New(Options{HashMB: 4})
		pos := mustPos(t, fen)
		opt, _ := chess.FEN(fen)
		game := chess.NewGame(opt)
		for game.Outcome() == chess.NoOutcome && pos.Ply() < 150 {
			r := e.Search(pos, Limits{Depth: 3}, nil)
			m, err := chess.UCINotation{}.Decode(game.Position(), r.Move.String())
			if err == nil {
				err = game.Move(m)
			}
			if err != nil {
				t.Fatalf("after %d plies from %s: %v is illegal: %v", pos.Ply(), fen, r.Move, err)
			}
			pos.MakeMove(r.Move)
			plies++
		}
	}
	t.Logf("%d plies from %d starts", plies, len(starts))
	if plies < 200 {
		t.Errorf("only %d plies played", plies)
	}
}
