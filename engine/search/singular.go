package search

import "kibitz/engine/board"

// singularCandidate says whether the table's move at this node is worth the
// singular test: the entry must be a lower bound (or exact) from a search
// nearly as deep as this one, not a mate score, and the line must be short
// enough that extending it cannot grow without end (the rule the check
// extension follows).
func (w *worker) singularCandidate(hit ttHit, ttScore, depth, ply int) bool {
	return depth >= seMinDepth &&
		w.stack[ply].excluded == board.NullMove &&
		(hit.bound == BoundLower || hit.bound == BoundExact) &&
		hit.depth >= depth-seDepthSlack &&
		!IsMate(ttScore) &&
		ply < checkExtensionPlies*w.rootDepth
}

// singular searches the node without the table's move, at half depth and
// against a bound below the table's score, and returns the table move's
// extension: +1 when every other move falls short of the bound (the move is
// singular), +2 when they fall far short (at most seMaxDoubleExt times in a
// line, outside PV nodes), −1 when the table's score beats beta but the move
// is not singular (it need not be searched as deep to fail high). When even
// the other moves reach beta (multi-cut), cut is true and ext is the score
// to return.
func (w *worker) singular(ttMove board.Move, ttScore, beta, depth, ply int, pvNode, cutNode bool) (ext int, cut bool) {
	singularBeta := ttScore - seMarginPerDepth*depth
	w.stack[ply].excluded = ttMove
	score := w.negamax(singularBeta-1, singularBeta, (depth-1)/2, ply, cutNode)
	w.stack[ply].excluded = board.NullMove
	w.pvLen[ply] = ply // the verification's line is not this node's
	if w.stopped {
		return 0, false
	}
	switch {
	case score < singularBeta:
		if !pvNode && score < singularBeta-seDoubleMargin && w.stack[ply-1].doubleExt < seMaxDoubleExt {
			return 2, false
		}
		return 1, false
	case singularBeta >= beta:
		return singularBeta, true
	case ttScore >= beta:
		return -1, false
	}
	return 0, false
}
