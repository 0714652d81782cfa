package uci

import (
	"strings"
	"testing"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/search"
)

// parseLimits reads every parameter of "go", searchmoves among the others.
func TestParseLimits(t *testing.T) {
	pos := board.NewPosition()
	l, err := parseLimits(strings.Fields("searchmoves e2e4 d2d4 depth 3 wtime 0 btime 5000 winc 20 binc 30 movestogo 7 nodes 900 movetime 0"), pos)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.SearchMoves) != 2 || l.SearchMoves[0].String() != "e2e4" || l.SearchMoves[1].String() != "d2d4" ||
		l.Depth != 3 || l.WTime != time.Millisecond || l.BTime != 5*time.Second || l.WInc != 20*time.Millisecond ||
		l.BInc != 30*time.Millisecond || l.MovesToGo != 7 || l.Nodes != 900 || l.MoveTime != time.Millisecond || l.Infinite {
		t.Errorf("%+v", l)
	}
	if l, err := parseLimits(strings.Fields("infinite mate 2 depth 999"), pos); err != nil || !l.Infinite || l.Mate != 2 || l.Depth != search.MaxDepth {
		t.Errorf("infinite mate 2 depth 999: %+v %v", l, err)
	}
	if l, err := parseLimits(strings.Fields("wtime 100 movestogo 0"), pos); err != nil || l.MovesToGo != 0 {
		t.Errorf("movestogo 0 (no moves to go given): %+v %v", l, err)
	}
	if l, err := parseLimits(strings.Fields("ponder wtime 100 btime 200"), pos); err != nil || !l.Ponder || l.Infinite || l.BTime != 200*time.Millisecond {
		t.Errorf("ponder wtime 100 btime 200: %+v %v", l, err)
	}
	for _, bad := range []string{"depth 0", "nodes 0", "movestogo -1", "mate 0", "movetime -1", "depth", "depth x", "sideways 3"} {
		if _, err := parseLimits(strings.Fields(bad), pos); err == nil {
			t.Errorf("go %s accepted", bad)
		}
	}
}
