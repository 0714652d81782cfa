package rescore

import (
	"kibitz/engine/enginetest"
	"slices"
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/train/corpus"
)

// games are three short games from the start: each ply's move, and a
// score the rescoring must replace.
func games(t *testing.T) []*corpus.Game {
	t.Helper()
	lines := [][]string{
		{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"},
		{"d2d4", "d7d5", "c2c4", "e7e6"},
		{"g1f3", "g8f6", "g2g3", "g7g6", "f1g2", "f8g7", "e1g1"},
	}
	var out []*corpus.Game
	for i, line := range lines {
		g := &corpus.Game{Index: uint64(10 + i), Result: 0.5, Opening: nil}
		pos := board.NewPosition()
		for _, mv := range line {
			m, err := pos.ParseMove(mv)
			if err != nil {
				t.Fatal(err)
			}
			g.Plies = append(g.Plies, corpus.Ply{Move: m, Score: 12345})
			pos.MakeMove(m)
		}
		out = append(out, g)
	}
	return out
}

// TestGameKeepsThePlayAndScoresAgain: moves, result and index stay; every
// score is the new search's, from White's view, as a search of that
// position after a cleared table gives it.
func TestGameKeepsThePlayAndScoresAgain(t *testing.T) {
	cfg := Config{Nodes: 800, HashMB: 1}
	eng := enginetest.Classical(1)
	for _, g := range games(t) {
		out, err := Game(eng, cfg, g)
		if err != nil {
			t.Fatal(err)
		}
		if out.Index != g.Index || out.Result != g.Result || len(out.Plies) != len(g.Plies) {
			t.Fatalf("game %d changed: %+v", g.Index, out)
		}
		ref := enginetest.Classical(1)
		pos := board.NewPosition()
		for i, p := range out.Plies {
			if p.Move != g.Plies[i].Move || p.Score == 12345 {
				t.Fatalf("game %d ply %d: %v %d", g.Index, i, p.Move, p.Score)
			}
			want := enginetest.Searched(ref, pos, search.Limits{Nodes: 800}, nil).Score
			if pos.SideToMove() == board.Black {
				want = -want
			}
			if p.Score != want {
				t.Errorf("game %d ply %d: score %d, a search of the position %d", g.Index, i, p.Score, want)
			}
			pos.MakeMove(p.Move)
		}
	}
}

// TestRunSkipsAndMatchesOneByOne: Run on two goroutines gives each game
// not skipped as Game does, and skips the others.
func TestRunSkipsAndMatchesOneByOne(t *testing.T) {
	cfg := Config{Nodes: 500, HashMB: 1, Concurrency: 2}
	src := games(t)
	got := map[uint64]*corpus.Game{}
	err := Run(cfg, func(fn func(*corpus.Game) error) error {
		for _, g := range src {
			if err := fn(g); err != nil {
				return err
			}
		}
		return nil
	}, func(i uint64) bool { return i == 11 }, func(g *corpus.Game) error { got[g.Index] = g; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[10] == nil || got[12] == nil {
		t.Fatalf("rescored %d games, want 10 and 12 (11 skipped)", len(got))
	}
	eng := enginetest.Classical(1)
	for _, i := range []int{0, 2} {
		want, _ := Game(eng, cfg, src[i])
		if !slices.Equal(got[src[i].Index].Plies, want.Plies) {
			t.Errorf("game %d on two goroutines differs from one by one", src[i].Index)
		}
	}
}

func TestMeta(t *testing.T) {
	if m := (Config{Nodes: 20000}).Meta("net=abc nodes=5000 seed=3", "def"); m != "net=abc nodes=5000 seed=3 rescore-net=def rescore-nodes=20000" {
		t.Errorf("meta %q", m)
	}
	if m := (Config{Depth: 9}).Meta("net=abc", "def"); m != "net=abc rescore-net=def rescore-depth=9" {
		t.Errorf("meta %q", m)
	}
}
