package search

import (
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/strength"
)

// freeQueen: White takes the black queen on d5 for nothing.
const freeQueen = "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1"

func TestFullStrengthTakesTheQueen(t *testing.T) {
	pos := mustPos(t, freeQueen)
	r := New(Options{}).Search(pos, Limits{Depth: 4}, nil)
	if r.Move.String() != "d1d5" {
		t.Fatalf("full strength played %v, want d1d5", r.Move)
	}
}

// movesOver plays the position once per seed at the given level and
// counts how often each move was chosen.
func movesOver(t *testing.T, fen string, elo, seeds int) map[string]int {
	t.Helper()
	pos := mustPos(t, fen)
	e := New(Options{Strength: strength.ForElo(elo)})
	seen := map[string]int{}
	for s := range seeds {
		e.SeedStrength(uint64(s))
		e.NewGame()
		seen[e.Search(pos, Limits{Depth: 6}, nil).Move.String()]++
	}
	return seen
}

func TestWeakestLevelSometimesMissesTheQueen(t *testing.T) {
	seen := movesOver(t, freeQueen, strength.MinElo, 60)
	if seen["d1d5"] == 0 || seen["d1d5"] == 60 {
		t.Errorf("the weakest level took the free queen %d times in 60: want often, not always (%v)", seen["d1d5"], seen)
	}
	if len(seen) < 3 {
		t.Errorf("the weakest level chose among %d moves only: %v", len(seen), seen)
	}
}

func TestClubLevelNeverLeavesTheQueen(t *testing.T) {
	seen := movesOver(t, freeQueen, 1600, 40)
	if seen["d1d5"] != 40 {
		t.Errorf("a 1600 level left a free queen: %v", seen)
	}
}

func TestLimitedStrengthIsSeeded(t *testing.T) {
	play := func() []board.Move {
		e := New(Options{Strength: strength.ForElo(1000)})
		e.SeedStrength(42)
		pos := board.NewPosition()
		var moves []board.Move
		for range 16 {
			m := e.Search(pos, Limits{}, nil).Move
			moves = append(moves, m)
			pos.MakeMove(m)
		}
		return moves
	}
	a, b := play(), play()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("ply %d: %v then %v with the same seed", i+1, a[i], b[i])
		}
	}
}

func TestLimitedStrengthKeepsToItsBudget(t *testing.T) {
	level := strength.ForElo(1800)
	e := New(Options{Strength: level})
	var reports []Info
	r := e.Search(board.NewPosition(), Limits{Depth: 30}, func(i Info) { reports = append(reports, i) })
	if r.Nodes > level.Nodes {
		t.Errorf("searched %d nodes, the level allows %d", r.Nodes, level.Nodes)
	}
	if r.Depth < 2 || r.Depth >= 30 {
		t.Errorf("stopped at depth %d", r.Depth)
	}
	for _, i := range reports {
		if i.MultiPV != 1 {
			t.Fatalf("reported line %d although one line was asked for: the level's extra lines are its own", i.MultiPV)
		}
	}
	// The first iteration completes whatever the budget.
	r = New(Options{Strength: strength.Params{Nodes: 1, Lines: 300, Temperature: 10, MaxLoss: 100}}).
		Search(board.NewPosition(), Limits{}, nil)
	if r.Depth != 1 || r.Move == board.NullMove {
		t.Errorf("a one-node level: depth %d, move %v; want depth 1 and a move", r.Depth, r.Move)
	}
}
