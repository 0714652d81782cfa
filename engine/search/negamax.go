package search

import (
	"kibitz/engine/board"
)

// negamax is the principal variation search below the root (ply ≥ 1): one
// function on purpose, as the hot path reads (and inlines) best as one flow;
// its numbered steps are the map. cutNode marks nodes expected to fail high
// (children of a null-window search's first move), where more aggressive
// reductions pay.
func (w *worker) negamax(alpha, beta, depth, ply int, cutNode bool) int {
	// Step 1. Leaves go to the quiescence search; count the node.
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply)
	}
	pvNode := beta-alpha > 1
	w.pvLen[ply] = ply
	if w.checkStop() {
		return 0
	}
	w.nodes++
	w.seldepth = max(w.seldepth, ply)
	p := w.pos
	inCheck := p.InCheck()

	if debug && !(ply >= 1 && ply < MaxPly && alpha < beta && -Infinity <= alpha && beta <= Infinity) {
		panic(invariant("negamax(%d, %d, depth %d, ply %d)", alpha, beta, depth, ply))
	}

	// Step 2. Draws, then mate distance pruning: no line from here can beat
	// a mate already found closer to the root.
	if drawn(p, ply, inCheck) {
		return 0
	}
	if ply >= MaxPly-1 {
		if inCheck {
			return 0
		}
		return w.evaluate()
	}
	alpha, beta = max(alpha, -Mate+ply), min(beta, Mate-ply-1)
	if alpha >= beta {
		return alpha
	}
	// The endgame tables, when the search has them, end the line here.
	if tables := w.searcher.opts.Tables; tables != nil {
		if wdl, ok := tables.ProbeWDL(p); ok {
			w.tbHits.Add(1)
			return wdl * (TBWin - ply)
		}
	}

	// Step 3. The transposition table: a deep enough bound ends a non-PV node.
	// A singular search (a move excluded) asks a different question than
	// the entry answers, so it neither reads the entry's bound nor writes it.
	excluded := w.stack[ply].excluded
	key := p.Key()
	tt := w.searcher.tt
	hit, found := tt.probe(key)
	ttMove, ttScore := board.NullMove, 0
	if found && excluded == board.NullMove {
		ttMove = hit.move
		ttScore = fromTT(hit.score, ply)
		if !pvNode && hit.depth >= depth && boundAllows(hit.bound, ttScore, beta) {
			return ttScore
		}
	}

	// Step 4. The static evaluation, and a better estimate from the table.
	staticEval, evalEst := noEval, noEval
	if !inCheck {
		if found && hit.eval != noEval {
			staticEval = hit.eval
		} else {
			staticEval = w.evaluate()
		}
		evalEst = staticEval
		// A table bound on the side of the static eval's error is a better
		// estimate than the static eval itself.
		if found && excluded == board.NullMove && (hit.bound == BoundExact ||
			hit.bound == BoundLower && ttScore > staticEval ||
			hit.bound == BoundUpper && ttScore < staticEval) {
			evalEst = ttScore
		}
	}
	w.stack[ply].staticEval = staticEval
	improving := !inCheck && ply >= 2 && staticEval > w.stack[ply-2].staticEval
	w.stack[ply+2].killers = [2]board.Move{}
	us := p.SideToMove()

	if !pvNode && !inCheck && excluded == board.NullMove && beta > -MateInMax && beta < MateInMax {
		// Step 5. Reverse futility: far enough above beta that a shallow
		// search will not bring it back down.
		if depth <= rfpMaxDepth && evalEst-w.tuned[pRFPMargin]*(depth-b2i(improving)) >= beta {
			return evalEst
		}
		// Step 6. Null move: if passing still fails high, a real move will
		// too. Not without pieces (zugzwang) and not twice in a row.
		if depth >= nmpMinDepth && evalEst >= beta && staticEval >= beta && p.LastMove() != board.NullMove && p.HasNonPawnMaterial(us) {
			r := nmpBase + depth/nmpDepthDivisor + min((evalEst-beta)/w.tuned[pNMPEvalDivisor], nmpMaxEvalReduction)
			w.makeNull(ply)
			score := -w.negamax(-beta, -beta+1, depth-r, ply+1, !cutNode)
			w.undoMove()
			if w.stopped {
				return 0
			}
			if score >= beta {
				return min(score, MateInMax-1)
			}
		}
	}
	// Step 7. Internal iterative reduction: without a hash move, this node
	// was not searched before and the move ordering is poor; search it
	// shallower.
	if depth >= iirMinDepth && ttMove == board.NullMove && excluded == board.NullMove && (pvNode || cutNode) {
		depth--
	}

	// Step 8. Singular extension: is the table's move the only good one?
	// Decided before this ply's picker is set up, since the verification
	// search at this same ply uses it.
	ttExt := 0
	if ttMove != board.NullMove && w.singularCandidate(hit, ttScore, depth, ply) {
		var cut bool
		ttExt, cut = w.singular(ttMove, ttScore, beta, depth, ply, pvNode, cutNode)
		if cut {
			return ttExt
		}
	}

	// Step 9. The move loop, best-ordered first, the moves generated in
	// stages as the loop needs them.
	pk := &w.pickers[ply]
	pk.initStaged(w, ttMove, ply)
	bestScore, bestMove := -Infinity, board.NullMove
	origAlpha := alpha
	var quiets [64]board.Move
	nQuiets, moveCount, legalMoves := 0, 0, 0
	for {
		m, order := pk.nextStaged(w)
		if m == board.NullMove {
			break
		}
		legalMoves++
		if m == excluded {
			continue
		}
		// The child's table entry is fetched now, so that the pruning
		// tests below and the move itself hide the memory's latency.
		w.prefetchChild(m)
		quiet := !m.IsCapture() && !m.IsPromotion()
		moveCount++
		// Step 10. Pruning at shallow depth, once a move has kept us out
		// of a mate.
		if bestScore > -MateInMax && p.HasNonPawnMaterial(us) && !inCheck {
			if quiet {
				// Late move pruning and futility pruning: at shallow depth,
				// quiet moves late in the list rarely matter.
				if !pvNode && depth <= pruneMaxDepth && moveCount > (w.tuned[pLMPBase]+depth*depth)/(2-b2i(improving)) {
					pk.skipQuiets() // no quiet move comes after this one
					continue
				}
				if depth <= pruneMaxDepth && staticEval+w.tuned[pFutilityBase]+w.tuned[pFutilityPerDepth]*depth <= alpha {
					pk.skipQuiets() // no quiet move comes after this one
					continue
				}
				// History pruning: a quiet move that keeps failing here
				// and as a reply to the last two moves is not worth even
				// a reduced search near the leaves.
				if depth <= historyPruneMaxDepth && order < int32(-w.tuned[pHistoryPruneMargin]*depth) {
					continue
				}
				if depth <= pruneMaxDepth && !p.SEE(m, -w.tuned[pSEEQuietMargin]*depth) {
					continue
				}
			} else if depth <= pruneMaxDepth && order < scoreGoodNoisy && !p.SEE(m, -w.tuned[pSEENoisyMargin]*depth) {
				continue
			}
		}

		// Step 11. Make the move; extend checks and the singular move.
		w.makeMove(m, ply)
		givesCheck := p.InCheck()
		ext := w.extension(givesCheck, ply)
		if m == ttMove && (ttExt > 0 || ttExt < 0 && !givesCheck) {
			ext = ttExt // a check is never shortened
		}
		w.stack[ply].doubleExt = w.stack[max(ply-1, 0)].doubleExt + b2i(ext >= 2)
		newDepth := depth - 1 + ext
		// Step 12. Principal variation search with late move reductions.
		var score int
		if moveCount == 1 {
			score = -w.negamax(-beta, -alpha, newDepth, ply+1, !pvNode && !cutNode)
		} else {
			r := 0
			if depth >= lmrMinDepth && moveCount > 1+b2i(pvNode) && (quiet || order < scoreGoodNoisy) {
				r = w.tuning.lmr[min(depth, 63)][min(moveCount, 63)]
				r += b2i(!pvNode) + b2i(cutNode) - b2i(improving) - b2i(givesCheck)
				if order >= scoreCounter && quiet {
					r-- // killers and countermove
				}
				if quiet {
					r -= int(order) / (3 * w.tuned[pLMRHistoryDivisor]) // the sum of three tables
				}
				r = max(0, min(r, newDepth-1))
			}
			score = -w.negamax(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if score > alpha && r > 0 {
				score = -w.negamax(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
			if pvNode && score > alpha && score < beta {
				score = -w.negamax(-beta, -alpha, newDepth, ply+1, false)
			}
		}
		w.undoMove()
		if w.stopped {
			return 0
		}
		// Step 13. A new best move; at beta, a cutoff that teaches the
		// move-ordering tables.
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				alpha = score
				w.updatePV(ply, m)
				if score >= beta {
					if quiet {
						w.rewardQuiet(m, ply, depth, quiets[:nQuiets])
					}
					break
				}
			}
		}
		if quiet && nQuiets < len(quiets) {
			quiets[nQuiets] = m
			nQuiets++
		}
	}
	// Step 14. No legal move: mate or stalemate.
	if legalMoves == 0 {
		if inCheck {
			return -Mate + ply
		}
		return 0
	}
	if bestScore == -Infinity {
		// Only in a singular search whose excluded move was the only
		// legal one (pruning needs a searched move first).
		return alpha
	}
	if excluded != board.NullMove {
		return bestScore
	}
	// Step 15. Store the result.
	if debug && !(-Mate < bestScore && bestScore < Mate && (bestMove == board.NullMove) == (bestScore <= origAlpha)) {
		panic(invariant("negamax result %d (move %v) for window (%d, %d)", bestScore, bestMove, origAlpha, beta))
	}
	if d := tt.store(key, bestMove, toTT(bestScore, ply), staticEval, depth, boundOf(bestScore, origAlpha, beta)); d != 0 {
		w.share(key, d, depth)
	}
	return bestScore
}

// boundAllows reports whether a table score with this bound decides a
// search with the given beta (for cutoffs: lower bounds at or above beta,
// upper bounds below it, exact scores always).
func boundAllows(b Bound, score, beta int) bool {
	switch b {
	case BoundExact:
		return true
	case BoundLower:
		return score >= beta
	case BoundUpper:
		return score < beta
	}
	return false
}

// boundOf says what a node's best score is: a lower bound after a
// cutoff, exact when it raised alpha, otherwise an upper bound.
func boundOf(best, origAlpha, beta int) Bound {
	switch {
	case best >= beta:
		return BoundLower
	case best > origAlpha:
		return BoundExact
	}
	return BoundUpper
}

// drawn reports whether the game is over in a draw at this node: a
// repetition within the search or of the game, too little material to
// mate, or the fifty-move rule — which a mate on the hundredth half-move
// overrides. The quiescence search asks it too: a capture there must not
// carry a line, its score and its principal variation past the move the
// rule ends the game on.
func drawn(p *board.Position, ply int, inCheck bool) bool {
	return p.IsRepetition(ply) || p.InsufficientMaterial() ||
		(p.HalfmoveClock() >= 100 && (!inCheck || p.HasLegalMove()))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (w *worker) updatePV(ply int, m board.Move) {
	w.pv[ply][ply] = m
	n := w.pvLen[ply+1]
	copy(w.pv[ply][ply+1:n], w.pv[ply+1][ply+1:n])
	w.pvLen[ply] = max(n, ply+1)
}

// rewardQuiet updates killers, countermove and history after a quiet move
// caused a cutoff; the quiet moves tried before it are penalised.
func (w *worker) rewardQuiet(m board.Move, ply, depth int, tried []board.Move) {
	st := &w.stack[ply]
	if st.killers[0] != m {
		st.killers[1], st.killers[0] = st.killers[0], m
	}
	p := w.pos
	if prev := p.LastMove(); prev != board.NullMove {
		w.counter[p.PieceAt(prev.To())][prev.To()] = m
	}
	us := p.SideToMove()
	bonus := min(depth*depth*w.tuned[pHistoryBonusScale], w.tuned[pHistoryBonusMax])
	updateHistory(&w.history[us][m.From()][m.To()], bonus)
	c1, c2 := w.contTables(ply)
	updateCont(c1, p, m, bonus)
	updateCont(c2, p, m, bonus)
	for _, q := range tried {
		updateHistory(&w.history[us][q.From()][q.To()], -bonus)
		updateCont(c1, p, q, -bonus)
		updateCont(c2, p, q, -bonus)
	}
}

// contTables are the continuation histories of the moves one and two
// plies before the node at ply (nil where the line is shorter).
func (w *worker) contTables(ply int) (c1, c2 *contTable) {
	if ply >= 1 {
		c1 = w.stack[ply-1].cont
	}
	if ply >= 2 {
		c2 = w.stack[ply-2].cont
	}
	return
}

// updateCont moves the continuation history of the quiet move m towards
// ±historyMax, as updateHistory does.
func updateCont(c *contTable, p *board.Position, m board.Move, bonus int) {
	if c == nil {
		return
	}
	h := &c[p.MovedPiece(m)][m.To()]
	*h = int16(gravity(int32(*h), bonus))
}

// qsearch resolves captures (and check evasions) until the position is
// quiet, so that the static evaluation is only trusted where nothing hangs.
func (w *worker) qsearch(alpha, beta, ply int) int {
	w.pvLen[ply] = ply
	if w.checkStop() {
		return 0
	}
	w.nodes++
	w.seldepth = max(w.seldepth, ply)
	p := w.pos
	inCheck := p.InCheck()
	if drawn(p, ply, inCheck) {
		return 0
	}
	if ply >= MaxPly-1 {
		if inCheck {
			return 0
		}
		return w.evaluate()
	}
	pvNode := beta-alpha > 1
	key := p.Key()
	hit, found := w.searcher.tt.probe(key)
	ttMove := board.NullMove
	if found {
		score := fromTT(hit.score, ply)
		if !pvNode && boundAllows(hit.bound, score, beta) {
			return score
		}
		ttMove = hit.move // only matched against generated moves, so never illegal
	}
	best, standPat := -Infinity, noEval
	if !inCheck {
		if found && hit.eval != noEval {
			standPat = hit.eval
		} else {
			standPat = w.evaluate()
		}
		if standPat >= beta {
			return standPat
		}
		alpha = max(alpha, standPat)
		best = standPat
	}
	pk := &w.pickers[ply]
	pk.init(w, quiescenceMoves(inCheck), ttMove)
	if inCheck && pk.moves.N == 0 {
		return -Mate + ply
	}
	origAlpha := alpha
	bestMove := board.NullMove
	for {
		m, _ := pk.pick()
		if m == board.NullMove {
			break
		}
		if !inCheck && futileCapture(p, m, standPat, alpha, w.tuned[pDeltaMargin]) {
			continue
		}
		w.prefetchChild(m)
		w.makeMove(m, ply)
		score := -w.qsearch(-beta, -alpha, ply+1)
		w.undoMove()
		if w.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				bestMove = m
				w.updatePV(ply, m)
				if score >= beta {
					break
				}
			}
		}
	}
	w.searcher.tt.store(key, bestMove, toTT(best, ply), standPat, 0, boundOf(best, origAlpha, beta))
	return best
}

// quiescenceMoves is what the quiescence search tries: every evasion when
// in check, otherwise only captures and promotions.
func quiescenceMoves(inCheck bool) board.GenKind {
	if inCheck {
		return board.GenAll
	}
	return board.GenNoisy
}

// futileCapture says which noisy moves the quiescence search skips: minor
// promotions, captures that lose material, and captures that cannot lift
// the stand-pat score to alpha even winning the victim outright (delta
// pruning by deltaMargin more).
func futileCapture(p *board.Position, m board.Move, standPat, alpha, deltaMargin int) bool {
	if m.IsPromotion() && m.Promotion() != board.Queen {
		return true
	}
	// The cheap delta test before the exchange evaluation: either skips.
	if !m.IsPromotion() && m.Kind() != board.EnPassant &&
		standPat+board.PieceValue(p.PieceAt(m.To()).Type())+deltaMargin <= alpha {
		return true
	}
	return !p.SEE(m, 0)
}

// extension is how many plies deeper a move is searched: one for a check,
// while the line is shorter than checkExtensionPlies × the iteration depth.
func (w *worker) extension(givesCheck bool, ply int) int {
	return b2i(givesCheck && ply < checkExtensionPlies*w.rootDepth)
}
