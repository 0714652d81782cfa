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
		// Playing the same game number again gives the same game.
		again := Play(search.New(search.Options{HashMB: 8, Threads: 1}), cfg, g.Index)
		if again.Plies != g.Plies || again.Result != g.Result || len(again.Samples) != len(g.Samples) {
			t.Errorf("game %d not reproducible: %d plies/%v vs %d/%v", g.Index, g.Plies, g.Result, again.Plies, again.Result)
		}
	}
}
