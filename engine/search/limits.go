package search

import (
	"time"

	"kibitz/engine/board"
)

// Limits says when a search stops. Zero fields mean "no limit of this kind";
// with no limit at all the search runs until Stop (UCI "go infinite").
type Limits struct {
	Depth    int           // plies
	Nodes    uint64        // nodes, all threads together
	MoveTime time.Duration // exact time for this move
	// Clock: time left and increment per move for each side, and moves
	// to the next time control (0: sudden death).
	WTime, BTime, WInc, BInc time.Duration
	MovesToGo                int
	Mate                     int          // search for a mate in this many moves
	Infinite                 bool         // never stop by itself, even at maximum depth
	SearchMoves              []board.Move // restrict the root to these moves
}

// MaxDepth bounds iterative deepening.
const MaxDepth = 100

// timeBudget is the time manager's decision for one move: the soft limit
// ends iterative deepening between iterations, the hard limit aborts an
// iteration in progress.
type timeBudget struct {
	soft, hard time.Duration
	active     bool
}

// budget turns the limits into time bounds for the side to move. With a
// clock it spends a share of the remaining time (more with an increment,
// never close to flagging) and keeps overhead in reserve for the
// communication delay between engine and GUI.
func budget(l Limits, side board.Color, overhead time.Duration) timeBudget {
	if l.Infinite {
		return timeBudget{}
	}
	if l.MoveTime > 0 {
		t := max(l.MoveTime-overhead, time.Millisecond)
		return timeBudget{soft: t, hard: t, active: true}
	}
	left, inc := l.WTime, l.WInc
	if side == board.Black {
		left, inc = l.BTime, l.BInc
	}
	if left <= 0 && inc <= 0 {
		return timeBudget{}
	}
	left = max(left-overhead, time.Millisecond)
	movesLeft := 30
	if l.MovesToGo > 0 {
		movesLeft = min(l.MovesToGo+1, 30)
	}
	soft := left/time.Duration(movesLeft) + inc*3/4
	// Never plan to use more than three quarters of what is on the clock:
	// the increment only arrives after the move.
	hard := min(soft*4, left/3+inc*3/4, left*3/4)
	soft = min(soft, hard)
	return timeBudget{soft: max(soft, time.Millisecond), hard: max(hard, time.Millisecond), active: true}
}
