package nnue

import "kibitz/engine/board"

// Evaluator keeps one accumulator pair (White's and Black's perspective)
// per ply. Push after each move only records the pieces that changed; the
// accumulators are brought up to date when Evaluate needs them, from the
// nearest ply that is current, by adding and subtracting weight columns.
// Many nodes never evaluate (table cutoffs, table-stored evaluations,
// positions in check), so a lazy update skips their work. Pop returns to the
// parent. Each search thread owns one.
type Evaluator struct {
	net   *Net
	h     int
	stack []int16 // plies × 2 perspectives × h, contiguous
	top   int
	plies [maxPlies]plyChanges
}

// plyChanges is what the move into a ply changed, and whether that ply's
// accumulators have been computed.
type plyChanges struct {
	ch      [4]board.PieceChange
	n       int
	current bool
}

// maxPlies bounds the stack: a search never goes deeper.
const maxPlies = 256

// NewEvaluator returns an evaluator for net.
func NewEvaluator(net *Net) *Evaluator {
	return &Evaluator{net: net, h: net.Hidden, stack: alignedInt16(maxPlies * 2 * net.Hidden)}
}

// Net returns the evaluator's network.
func (e *Evaluator) Net() *Net { return e.net }

func (e *Evaluator) acc(ply int, c board.Color) []int16 {
	o := (ply*2 + int(c)) * e.h
	return e.stack[o : o+e.h : o+e.h]
}

func (e *Evaluator) column(feature int) []int16 {
	o := feature * e.h
	return e.net.FTWeights[o : o+e.h : o+e.h]
}

// Reset computes the accumulators of p from scratch and empties the stack.
func (e *Evaluator) Reset(p *board.Position) {
	e.top = 0
	e.plies[0].current = true
	for c := board.White; c <= board.Black; c++ {
		acc := e.acc(0, c)
		copy(acc, e.net.FTBias)
		for occ := p.Occupied(); occ != 0; {
			sq := occ.PopFirst()
			addColumn(acc, e.column(FeatureIndex(c, p.PieceAt(sq), sq)))
		}
	}
}

// Push records the move just made on p (or a null move, which changes
// nothing); the accumulators follow when they are needed.
func (e *Evaluator) Push(p *board.Position) {
	e.top++
	pl := &e.plies[e.top]
	pl.n = p.LastMoveChanges(&pl.ch)
	pl.current = false
}

// Pop returns to the accumulators before the last Push.
func (e *Evaluator) Pop() { e.top-- }

// update makes the top ply's accumulators current, starting from the
// nearest ply below that is (ply 0 always is).
func (e *Evaluator) update() {
	from := e.top
	for !e.plies[from].current {
		from--
	}
	for ply := from + 1; ply <= e.top; ply++ {
		e.apply(ply)
	}
}

// apply derives ply's accumulators from its parent's.
func (e *Evaluator) apply(ply int) {
	pl := &e.plies[ply]
	for c := board.White; c <= board.Black; c++ {
		acc, parent := e.acc(ply, c), e.acc(ply-1, c)
		col := func(i int) []int16 { return e.column(FeatureIndex(c, pl.ch[i].Piece, pl.ch[i].Square)) }
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
	}
	pl.current = true
}

// Evaluate returns the network's score of p in centipawns from the side
// to move's view; p must be the position the stack was built for.
func (e *Evaluator) Evaluate(p *board.Position) int {
	if !e.plies[e.top].current {
		e.update()
	}
	us := p.SideToMove()
	n, w := e.net, 2*e.h
	bucket := OutputBucket(p.Occupied().Count(), n.Buckets)
	mine, theirs, weights := e.acc(e.top, us), e.acc(e.top, us.Other()), n.OutWeights[bucket*w:(bucket+1)*w:(bucket+1)*w]
	var sum int32
	if n.Activation == ActSCReLU {
		sum = outputSquared(mine, theirs, weights)
	} else {
		sum = output(mine, theirs, weights)
	}
	return int((int64(sum) + int64(n.OutBias[bucket])) * Scale / (QA * int64(n.QB)))
}

// EvaluateFresh evaluates p from scratch (for tests and one-off use).
func (n *Net) EvaluateFresh(p *board.Position) int {
	e := &Evaluator{net: n, h: n.Hidden, stack: alignedInt16(2 * n.Hidden)}
	e.Reset(p)
	return e.Evaluate(p)
}
