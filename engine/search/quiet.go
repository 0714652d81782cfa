package search

import (
	"time"

	"kibitz/engine/board"
)

// QuiescenceGap is how much the quiescence search gains over pos's static
// evaluation, in centipawns from the side to move's view: 0 when nothing
// pays to capture or promote — the position's evaluation already is its
// score — and more the more material hangs. A position in check has no
// static score to compare: ok is false. pos is not modified.
//
// Trainers use it to keep the positions where the evaluation alone must be
// right (the quiescence search's score equals the static evaluation).
func (s *Searcher) QuiescenceGap(pos *board.Position) (gap int, ok bool) {
	if pos.InCheck() {
		return 0, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stop.Store(false)
	w := s.workers[0]
	w.prepare(pos, Limits{}, timeBudget{}, time.Now(), nil)
	static := w.evaluate()
	return w.qsearch(-Infinity, Infinity, 0) - static, true
}
