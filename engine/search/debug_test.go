//go:build kibitzdebug

package search

import (
	"strings"
	"testing"
	"time"

	"kibitz/engine/board"
)

// In a debug build the invariant checks are live: an empty window at a
// node panics with the check's message.
func TestInvariantChecksFire(t *testing.T) {
	e := New(Options{})
	w := e.workers[0]
	pos, _ := board.ParseFEN(board.StartFEN)
	w.prepare(pos, Limits{Depth: 3}, timeBudget{}, time.Now(), makeRootMoves(pos, nil))
	w.rootDepth = 3
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "search invariant broken: negamax(10, 10") {
			t.Errorf("recovered %q", msg)
		}
	}()
	w.negamax(10, 10, 2, 1, false)
}
