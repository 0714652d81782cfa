package nnue

// Evaluator keeps one accumulator pair (White's and Black's perspective)
// per ply. Push after each move only records the pieces that changed; the
// accumulators are brought up to date when Evaluate needs them, from the
// nearest ply that is current, by adding and subtracting weight columns.
// Many nodes never evaluate (table cutoffs, table-stored evaluations,
// positions in check), so a lazy update skips their work. Pop returns to the
// parent. Each search thread owns one.
//
// With king buckets, a king move that changes its own side's view (another
// bucket, or across the d/e line that mirrors the board) changes every
// input of that perspective: no column update leads across it, so when a
// position below such a move is evaluated, that perspective's accumulator
// is recomputed from the position (the other stays incremental). Nodes
// that are never evaluated never pay for it, and those that do start from
// the cached accumulator of the last position seen in the same view
// (finny), so a king stepping back over the line costs the few pieces that
// moved since, not all of them.
type Evaluator struct {
	net   *Net
	h     int
	stack []int16 // plies × 2 perspectives × h, contiguous
	top   int
	plies [maxPlies]plyChanges
	finny [2][2 * maxKingBuckets]viewCache
	zero  []int16 // h zeros: subtracting a column is adding zero and subtracting it
}

// viewCache is one perspective's accumulator in one king view (bucket and
// mirroring) for the pieces it was computed with. The columns added are
// integers that wrap, so an accumulator reached by any order of additions
// and subtractions equals the one computed from scratch.
type viewCache struct {
	acc    []int16
	pieces [2][6]uint64 // by colour and piece type
	valid  bool
}

// maxKingBuckets is the largest king-bucket layout (KingBucketLayouts).
const maxKingBuckets = 8

// plyChanges is what the move into a ply changed, each perspective's king
// view there, and whether each of that ply's accumulators is computed.
type plyChanges struct {
	ch      [4]Change
	n       int
	views   [2]KingView
	current [2]bool
	men     int   // pieces on the board, which choose the output bucket
	us      Color // the side to move
}

// maxPlies bounds the stack: a search never goes deeper.
const maxPlies = 256

// NewEvaluator returns an evaluator for net.
func NewEvaluator(net *Net) *Evaluator { return newEvaluator(net, maxPlies) }

// newEvaluator returns an evaluator whose stack holds plies plies.
func newEvaluator(net *Net, plies int) *Evaluator {
	e := &Evaluator{net: net, h: net.Hidden, stack: alignedInt16(plies * 2 * net.Hidden), zero: alignedInt16(net.Hidden)}
	views := 2 * max(net.KingBuckets, 1)
	caches := alignedInt16(2 * views * net.Hidden)
	for c := range e.finny {
		for v := range views {
			o := (c*views + v) * net.Hidden
			e.finny[c][v].acc = caches[o : o+net.Hidden : o+net.Hidden]
		}
	}
	return e
}

// Net returns the evaluator's network.
func (e *Evaluator) Net() *Net { return e.net }

func (e *Evaluator) acc(ply int, c Color) []int16 {
	o := (ply*2 + int(c)) * e.h
	return e.stack[o : o+e.h : o+e.h]
}

func (e *Evaluator) column(feature int) []int16 {
	o := feature * e.h
	return e.net.FTWeights[o : o+e.h : o+e.h]
}

// Reset computes the accumulators of p from scratch and empties the stack.
func (e *Evaluator) Reset(p Position) {
	e.top = 0
	pl := &e.plies[0]
	pieces := piecesOf(p)
	for c := White; c <= Black; c++ {
		pl.views[c] = ViewOf(e.net.KingBuckets, relative(pieces.king(c), c))
		e.refresh(0, c, &pieces)
	}
	pl.current = [2]bool{true, true}
	pl.men, pl.us = pieces.men(), p.SideToMove()
}

func piecesOf(p Position) Bitboards { return p.Placement() }

// piecesAt returns the pieces of ply's position: p's (the top ply's) with
// the changes of the plies above ply undone.
func (e *Evaluator) piecesAt(ply int, p Position) Bitboards {
	s := piecesOf(p)
	for j := e.top; j > ply; j-- {
		pl := &e.plies[j]
		for _, ch := range pl.ch[:pl.n] {
			s[ch.Piece.Color()][ch.Piece.Type()] ^= 1 << ch.Square
		}
	}
	return s
}

// refresh computes perspective c's accumulator of ply from that ply's
// pieces: from the view's cached accumulator, adding the pieces the
// position has that the cache lacks and subtracting those it has that the
// position lacks.
func (e *Evaluator) refresh(ply int, c Color, pieces *Bitboards) {
	acc, view := e.acc(ply, c), e.plies[ply].views[c]
	vc := &e.finny[c][view.index()]
	if !vc.valid {
		copy(vc.acc, e.net.FTBias)
		vc.pieces = [2][6]uint64{}
		vc.valid = true
	}
	// The columns' offsets first, then one pass over the accumulator.
	var adds, subs [32]int32 // a position has at most 32 pieces
	na, ns := 0, 0
	for side := White; side <= Black; side++ {
		for t := Pawn; t <= King; t++ {
			now, was := pieces[side][t], vc.pieces[side][t]
			if now == was {
				continue
			}
			pc := MakePiece(side, t)
			for gone := was &^ now; gone != 0; {
				subs[ns] = int32(view.Input(FeatureIndex(c, pc, popFirst(&gone))) * e.h)
				ns++
			}
			for came := now &^ was; came != 0; {
				adds[na] = int32(view.Input(FeatureIndex(c, pc, popFirst(&came))) * e.h)
				na++
			}
			vc.pieces[side][t] = now
		}
	}
	if refreshColumns(vc.acc, acc, e.net.FTWeights, adds[:na], subs[:ns]) {
		return
	}
	at := func(o int32) []int16 { return e.net.FTWeights[o : int(o)+e.h : int(o)+e.h] }
	for _, o := range subs[:ns] {
		addSub(vc.acc, vc.acc, e.zero, at(o))
	}
	for _, o := range adds[:na] {
		addColumn(vc.acc, at(o))
	}
	copy(acc, vc.acc)
}

// Push records the move just made on p (or a null move, which changes
// nothing) and, with king buckets, each side's view; the accumulators
// follow when they are needed.
func (e *Evaluator) Push(p Position) {
	parent := &e.plies[e.top]
	e.top++
	pl := &e.plies[e.top]
	pl.n = p.LastChanges(&pl.ch)
	pl.current = [2]bool{}
	// What follows from the changes alone: the side to move, the men on
	// the board and, when a king arrives somewhere, its side's view.
	pl.us, pl.men, pl.views = parent.us.Other(), parent.men, parent.views
	for _, ch := range pl.ch[:pl.n] {
		if !ch.Added {
			pl.men--
			continue
		}
		pl.men++
		if c := ch.Piece.Color(); ch.Piece.Type() == King && e.net.KingBuckets > 1 {
			pl.views[c] = ViewOf(e.net.KingBuckets, relative(ch.Square, c))
		}
	}
}

// Pop returns to the accumulators before the last Push.
func (e *Evaluator) Pop() { e.top-- }

// update makes the top ply's accumulators (those of p) current, each from
// the nearest ply below where it is (ply 0 always is) — or, when a king
// changed its side's view on the way, from p itself.
func (e *Evaluator) update(p Position) {
	var from [2]int
perspectives:
	for c := White; c <= Black; c++ {
		from[c] = e.top
		for !e.plies[from[c]].current[c] {
			if k := from[c]; e.plies[k].views[c] != e.plies[k-1].views[c] {
				// Recomputed at the ply where the view changed, not at
				// the top: the other nodes below that move then update
				// from it incrementally instead of each recomputing.
				pieces := e.piecesAt(k, p)
				e.refresh(k, c, &pieces)
				e.plies[k].current[c] = true
				continue perspectives
			}
			from[c]--
		}
	}
	// Ply by ply, both perspectives together: their accumulators lie side
	// by side.
	for ply := min(from[0], from[1]) + 1; ply <= e.top; ply++ {
		if ply > max(from[0], from[1]) && e.applyBoth(ply) {
			continue
		}
		for c := White; c <= Black; c++ {
			if ply > from[c] {
				e.apply(ply, c)
			}
		}
	}
}

// applyBoth derives both of ply's accumulators from the parent's in one
// kernel call when the move was a quiet move or a capture (the commonest
// updates), and says whether it did.
func (e *Evaluator) applyBoth(ply int) bool {
	pl := &e.plies[ply]
	if pl.n != 2 && pl.n != 3 {
		return false
	}
	o, h := ply*2*e.h, e.h
	acc, parent := e.stack[o:o+2*h:o+2*h], e.stack[o-2*h:o:o]
	vw, vb := pl.views[White], pl.views[Black]
	white := func(i int) []int16 {
		return e.column(vw.Input(FeatureIndex(White, pl.ch[i].Piece, pl.ch[i].Square)))
	}
	black := func(i int) []int16 {
		return e.column(vb.Input(FeatureIndex(Black, pl.ch[i].Piece, pl.ch[i].Square)))
	}
	// LastMoveChanges lists removals first and the arrival last.
	if pl.n == 2 {
		addSubPair(acc, parent, white(1), white(0), black(1), black(0))
	} else {
		addSubSubPair(acc, parent, white(2), white(0), white(1), black(2), black(0), black(1))
	}
	pl.current = [2]bool{true, true}
	return true
}

// apply derives ply's accumulator of perspective c from its parent's (the
// view is the same at both: update refreshes otherwise).
func (e *Evaluator) apply(ply int, c Color) {
	pl := &e.plies[ply]
	view := pl.views[c]
	acc, parent := e.acc(ply, c), e.acc(ply-1, c)
	col := func(i int) []int16 { return e.column(view.Input(FeatureIndex(c, pl.ch[i].Piece, pl.ch[i].Square))) }
	// LastMoveChanges lists removals first and the arrival last.
	switch pl.n {
	case 2: // quiet move
		addSub(acc, parent, col(1), col(0))
	case 3: // capture
		addSubSub(acc, parent, col(2), col(0), col(1))
	case 4: // castling: king and rook each leave a square and arrive on another
		addSub(acc, parent, col(2), col(0))
		addSub(acc, acc, col(3), col(1))
	default: // null move
		copy(acc, parent)
	}
	pl.current[c] = true
}

// Evaluate returns the network's score of p in centipawns from the side
// to move's view; p must be the position the stack was built for.
func (e *Evaluator) Evaluate(p Position) int {
	if cur := e.plies[e.top].current; !cur[0] || !cur[1] {
		e.update(p)
	}
	pl := &e.plies[e.top]
	return e.output(pl.us, pl.men)
}

// output is the score of the top ply's accumulators for the side us to
// move, with men pieces on the board (which choose the output bucket).
func (e *Evaluator) output(us Color, men int) int {
	n, w := e.net, 2*e.h
	bucket := OutputBucket(men, n.Buckets)
	mine, theirs, weights := e.acc(e.top, us), e.acc(e.top, us.Other()), n.OutWeights[bucket*w:(bucket+1)*w:(bucket+1)*w]
	if n.Activation == ActSCReLU {
		return squaredScore(outputSquared(mine, theirs, weights), n.OutBias[bucket], n.QB)
	}
	return int((int64(output(mine, theirs, weights)) + int64(n.OutBias[bucket])) * Scale / (QA * int64(n.QB)))
}

// EvaluateFresh evaluates p from scratch (for tests and one-off use).
func (n *Net) EvaluateFresh(p Position) int {
	e := newEvaluator(n, 1)
	e.Reset(p)
	return e.Evaluate(p)
}

// squaredScore is the score in centipawns of the squared activation's
// exact sum Σ c²·w: the output weights carry the factor 256/QA (the
// trainer's), so sum/256 is at the bias's scale QA·QB. Every term stays
// within int64 (|sum| < 2⁴⁰ by the format's bounds).
func squaredScore(sum int64, bias int32, qb int) int {
	return int((sum + 256*int64(bias)) * Scale / (256 * QA * int64(qb)))
}
