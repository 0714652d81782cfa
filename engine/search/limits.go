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
	Mate                     int  // search for a mate in this many moves
	Infinite                 bool // never stop by itself, even at maximum depth
	// Ponder searches the position after the expected reply on the
	// opponent's time: no limit applies until PonderHit (the reply was
	// played: the clock above is from then on the engine's own) or Stop.
	Ponder bool
	// SoftNodes, when > 0, ends the search after the first iteration that
	// brings its nodes to this many (Nodes stays the hard cap): datagen's
	// soft limit, which keeps whole iterations.
	SoftNodes   uint64
	SearchMoves []board.Move // restrict the root to these moves
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

// stability is what the time manager learns from the completed iterations:
// how many in a row kept the same best move, how much of the search that
// move took, and how far the score fell in the last one.
type stability struct {
	best      board.Move
	unchanged int     // iterations in a row that kept the best move
	share     float64 // the best move's share of the root's nodes
	drop      int     // centipawns the score fell in the last iteration (0 if it rose)
	score     int
	started   bool
}

// update records a completed iteration.
func (s *stability) update(best board.Move, score int, moves []rootMove, nodes uint64) {
	if s.started && best == s.best {
		s.unchanged++
	} else {
		s.unchanged = 0
	}
	s.drop = 0
	if s.started && !IsMate(score) && !IsMate(s.score) {
		s.drop = max(0, s.score-score)
	}
	s.best, s.score, s.started = best, score, true
	s.share = 0
	for _, rm := range moves {
		if rm.move == best && nodes > 0 {
			s.share = float64(rm.nodes) / float64(nodes)
		}
	}
}

// unchangedFactors scale the soft limit by how many iterations in a row
// kept the best move: a new best move gets more time, a settled one less.
var unchangedFactors = [...]float64{1.45, 1.2, 1.0, 0.9, 0.8}

// scale is the factor applied to the soft time limit: below 1 when the
// best move has been stable and took most of the nodes, above 1 when it
// just changed, its rivals took the effort, or the score fell.
func (s *stability) scale() float64 {
	return softScale(s.unchanged, s.share, s.drop)
}

func softScale(unchanged int, share float64, drop int) float64 {
	f := unchangedFactors[max(0, min(unchanged, len(unchangedFactors)-1))]
	f *= 1.6 - max(0, min(share, 1))
	f *= 1 + float64(max(0, min(drop, 160)))/160
	return max(0.4, min(f, 2.5))
}
