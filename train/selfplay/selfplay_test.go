package selfplay

import (
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/search"
)

func TestGamesAreReproducibleAndSamplesValid(t *testing.T) {
	cfg := Config{Nodes: 300, RandomPlies: 8, MaxPlies: 160, Seed: 5, Concurrency: 2}
	var games []Game
	Run(cfg, 0, 4, func(g Game) { games = append(games, g) })
	if len(games) != 4 {
		t.Fatalf("%d games", len(games))
	}
	for _, g := range games {
		if g.Result != 0 && g.Result != 0.5 && g.Result != 1 {
			t.Errorf("game %d: result %v", g.Index, g.Result)
		}
		for _, s := range g.Samples {
			p, err := board.ParseFEN(s.FEN)
			if err != nil {
				t.Fatalf("game %d: %v", g.Index, err)
			}
			if p.InCheck() || s.Result != g.Result || search.IsMate(s.Score) {
				t.Errorf("game %d: bad sample %+v", g.Index, s)
			}
		}
		checkRecord(t, g)
		// Playing the same game number again gives the same game.
		again := Play(search.New(search.Options{HashMB: cfg.hashMB(), Threads: 1}), cfg, g.Index)
		if again.Plies != g.Plies || again.Result != g.Result || len(again.Samples) != len(g.Samples) {
			t.Errorf("game %d not reproducible: %d plies/%v vs %d/%v", g.Index, g.Plies, g.Result, again.Plies, again.Result)
		}
	}
}

// checkRecord replays the game's record: the moves are legal, the samples
// are the searched positions in order with their recorded scores, and each
// score is White's view — a fresh search from the side to move agrees on
// the sign wherever the score is clear.
func checkRecord(t *testing.T, g Game) {
	t.Helper()
	if len(g.Moves) != len(g.Scores) || len(g.Opening) != 8 {
		t.Fatalf("game %d: %d moves, %d scores, %d opening moves", g.Index, len(g.Moves), len(g.Scores), len(g.Opening))
	}
	pos := board.NewPosition()
	for _, m := range g.Opening {
		pos.MakeMove(m)
	}
	fresh := search.New(search.Options{HashMB: 1, Threads: 1})
	next := 0
	for i, m := range g.Moves {
		var l board.MoveList
		pos.GenerateMoves(&l, board.GenAll)
		if !l.Contains(m) {
			t.Fatalf("game %d ply %d: %v is not legal in %s", g.Index, i, m, pos.FEN())
		}
		if next < len(g.Samples) && g.Samples[next].FEN == pos.FEN() {
			s := g.Samples[next]
			if s.Score != g.Scores[i] {
				t.Errorf("game %d: sample %d scored %d, the record says %d", g.Index, next, s.Score, g.Scores[i])
			}
			if s.Score > 400 || s.Score < -400 {
				fresh.NewGame()
				own := fresh.Search(pos, search.Limits{Depth: 5}, nil).Score
				if pos.SideToMove() == board.Black {
					own = -own
				}
				if (own > 0) != (s.Score > 0) {
					t.Errorf("game %d: %s recorded %d for White, a fresh search says %d", g.Index, s.FEN, s.Score, own)
				}
				signChecked[pos.SideToMove()]++
			}
			next++
		}
		pos.MakeMove(m)
	}
	if next != len(g.Samples) {
		t.Errorf("game %d: %d of %d samples found along the moves", g.Index, next, len(g.Samples))
	}
}

var signChecked [2]int

func TestScoresAreWhitesViewForBothSides(t *testing.T) {
	signChecked = [2]int{}
	cfg := Config{Nodes: 300, RandomPlies: 8, MaxPlies: 120, Seed: 11, Concurrency: 2}
	Run(cfg, 0, 6, func(g Game) { checkRecord(t, g) })
	if signChecked[board.White] == 0 || signChecked[board.Black] == 0 {
		t.Fatalf("clear scores checked: %d with White to move, %d with Black", signChecked[0], signChecked[1])
	}
}
