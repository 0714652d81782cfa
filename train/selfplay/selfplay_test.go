package selfplay

import (
	"kibitz/engine/enginetest"
	"math/rand/v2"
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
		again := Play(enginetest.Classical(cfg.hashMB()), cfg, g.Index)
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
	fresh := enginetest.Classical(1)
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
				own := enginetest.Searched(fresh, pos, search.Limits{Depth: 5}, nil).Score
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

// 8 or 9 random plies, drawn per game: each side is to move first in
// about half the games, and every opening passes the balance check.
func TestOpeningsHaveBothParitiesAndAreBalanced(t *testing.T) {
	cfg := Config{Nodes: 300, RandomPlies: 8, MaxRandomPlies: 9, OpeningNodes: 500, OpeningMaxScore: 150, Seed: 9}
	eng := enginetest.Classical(1)
	check := enginetest.Classical(1)
	count := map[int]int{}
	for i := range 60 {
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
		pos, moves := cfg.opening(eng, rng)
		count[len(moves)]++
		check.NewGame()
		if r := enginetest.Searched(check, pos, search.Limits{Nodes: cfg.OpeningNodes}, nil); search.IsMate(r.Score) || abs(r.Score) > cfg.OpeningMaxScore {
			t.Errorf("opening %d (%s) scores %d, beyond ±%d", i, pos.FEN(), r.Score, cfg.OpeningMaxScore)
		}
	}
	if count[8] < 15 || count[9] < 15 || count[8]+count[9] != 60 {
		t.Errorf("opening lengths %v, want 8 and 9 about equally often", count)
	}
	// With the check, some openings are drawn again: the games differ from
	// those without it, and an impossible bound still ends.
	cfg.OpeningMaxScore = -1
	if _, moves := cfg.opening(eng, rand.New(rand.NewPCG(1, 1))); len(moves) < 8 {
		t.Errorf("an impossible bound: %d plies", len(moves))
	}
}

// The soft limit ends a search on a whole iteration past it, the hard cap
// still applies, and the game records stay reproducible.
func TestSoftNodes(t *testing.T) {
	eng := enginetest.Classical(1)
	pos := board.NewPosition()
	r := enginetest.Searched(eng, pos, search.Limits{Nodes: 1_000_000, SoftNodes: 2000}, nil)
	if r.Nodes < 2000 || r.Nodes >= 1_000_000 {
		t.Errorf("soft 2000, hard 1 000 000: %d nodes", r.Nodes)
	}
	eng.NewGame()
	capped := enginetest.Searched(eng, pos, search.Limits{Nodes: 3000, SoftNodes: 2_999}, nil)
	if capped.Nodes > 3000+100 {
		t.Errorf("hard cap 3000: %d nodes", capped.Nodes)
	}
	cfg := Config{Nodes: 4000, SoftNodes: 1000, RandomPlies: 8, MaxPlies: 60, Seed: 3}
	a := Play(enginetest.Classical(1), cfg, 5)
	b := Play(enginetest.Classical(1), cfg, 5)
	if a.Plies != b.Plies || len(a.Scores) != len(b.Scores) {
		t.Error("a game with the soft limit is not reproducible")
	}
}
