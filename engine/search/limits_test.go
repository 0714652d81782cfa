package search

import (
	"testing"

	"kibitz/engine/board"
)

func TestSoftScaleFollowsStabilityShareAndDrop(t *testing.T) {
	settled := softScale(6, 0.9, 0)
	fresh := softScale(0, 0.9, 0)
	if settled >= 1 {
		t.Errorf("a best move stable for six iterations with 90%% of the nodes scales the soft limit by %.2f, want < 1", settled)
	}
	if fresh <= settled {
		t.Errorf("a new best move gets %.2f, no more than a settled one (%.2f)", fresh, settled)
	}
	if contested, clear := softScale(3, 0.3, 0), softScale(3, 0.9, 0); contested <= clear {
		t.Errorf("a best move with 30%% of the nodes gets %.2f, no more than one with 90%% (%.2f)", contested, clear)
	}
	if falling, steady := softScale(3, 0.6, 80), softScale(3, 0.6, 0); falling <= steady {
		t.Errorf("a score that fell 80 cp gets %.2f, no more than a steady one (%.2f)", falling, steady)
	}
	for _, c := range []struct {
		unchanged int
		share     float64
		drop      int
	}{{0, 0, 10000}, {100, 1, 0}, {0, 0, 0}, {-1, 2, -5}} {
		if f := softScale(c.unchanged, c.share, c.drop); f < 0.4 || f > 2.5 {
			t.Errorf("softScale(%d, %.1f, %d) = %.2f, outside [0.4, 2.5]", c.unchanged, c.share, c.drop, f)
		}
	}
}

func TestStabilityCountsIterationsSharesAndDrops(t *testing.T) {
	a := board.NewMove(board.MakeSquare(4, 1), board.MakeSquare(4, 3), board.DoublePush)
	b := board.NewMove(board.MakeSquare(3, 1), board.MakeSquare(3, 3), board.DoublePush)
	moves := []rootMove{{move: a, nodes: 750}, {move: b, nodes: 250}}
	var s stability
	s.update(a, 30, moves, 1000)
	if s.unchanged != 0 || s.drop != 0 || s.share != 0.75 {
		t.Fatalf("after the first iteration: %+v", s)
	}
	s.update(a, 10, moves, 1000)
	if s.unchanged != 1 || s.drop != 20 {
		t.Errorf("the same move, 20 cp lower: unchanged %d, drop %d; want 1 and 20", s.unchanged, s.drop)
	}
	s.update(b, 40, moves, 1000)
	if s.unchanged != 0 || s.drop != 0 || s.share != 0.25 {
		t.Errorf("a new best move with a higher score: %+v; want unchanged 0, drop 0, share 0.25", s)
	}
	s.update(b, -Mate+10, moves, 1000)
	if s.drop != 0 {
		t.Errorf("a drop into a mate score counts as %d cp; mates are not centipawns", s.drop)
	}
}
