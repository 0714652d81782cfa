package search

import (
	"kibitz/engine/board"
)

// Move ordering scores. Good captures (by SEE) come right after the hash
// move, then killers and the countermove, then quiet moves by history, and
// losing captures last.
const (
	scoreTT        = 1 << 30
	scoreGoodNoisy = 1 << 28
	scoreKiller1   = 1 << 27
	scoreKiller2   = scoreKiller1 - 1
	scoreCounter   = scoreKiller1 - 2
	scoreBadNoisy  = -(1 << 28)
)

// mvvLva ranks captures: most valuable victim first, then least valuable
// attacker.
func mvvLva(p *board.Position, m board.Move) int32 {
	victim := p.PieceAt(m.To()).Type()
	if m.Kind() == board.EnPassant || victim == board.NoPieceType {
		victim = board.Pawn // en passant takes a pawn; a quiet promotion ranks as if it did
	}
	v := int32(board.PieceValue(victim)) * 8
	if m.IsPromotion() {
		v += int32(board.PieceValue(m.Promotion())) * 8
	}
	return v - int32(p.MovedPiece(m).Type())
}

// picker hands out moves best-first by selection: each call finds the
// highest remaining score, so a cutoff after the first moves saves sorting
// the rest.
type picker struct {
	moves  board.MoveList
	scores [board.MaxMoves]int32
	next   int
}

// init generates and scores the moves of the given kind.
func (pk *picker) init(w *worker, kind board.GenKind, ttMove board.Move, ply int, qsearch bool) {
	p := w.pos
	p.GenerateMoves(&pk.moves, kind)
	pk.next = 0
	var killers [2]board.Move
	var counter board.Move
	if !qsearch {
		killers = w.stack[ply].killers
		if prev := p.LastMove(); prev != board.NullMove {
			counter = w.counter[p.PieceAt(prev.To())][prev.To()]
		}
	}
	us := p.SideToMove()
	var c1, c2 *contTable
	if !qsearch {
		c1, c2 = w.contTables(ply)
	}
	for i, m := range pk.moves.Slice() {
		var s int32
		switch {
		case m == ttMove:
			s = scoreTT
		case m.IsCapture() || m.IsPromotion():
			s = mvvLva(p, m)
			if qsearch || p.SEE(m, 0) {
				s += scoreGoodNoisy
			} else {
				s += scoreBadNoisy
			}
		case m == killers[0]:
			s = scoreKiller1
		case m == killers[1]:
			s = scoreKiller2
		case m == counter:
			s = scoreCounter
		default:
			s = w.history[us][m.From()][m.To()]
			if c1 != nil {
				s += int32(c1[p.MovedPiece(m)][m.To()])
			}
			if c2 != nil {
				s += int32(c2[p.MovedPiece(m)][m.To()])
			}
		}
		pk.scores[i] = s
	}
}

// pick returns the next best move, or NullMove when none is left.
func (pk *picker) pick() (board.Move, int32) {
	n := pk.moves.N
	if pk.next >= n {
		return board.NullMove, 0
	}
	// The running maximum stays in a register; ">" keeps the first of
	// equal scores, so the order is the same as a plain selection sort's.
	scores := pk.scores[:n]
	best, bestScore := pk.next, scores[pk.next]
	for i := pk.next + 1; i < len(scores); i++ {
		if s := scores[i]; s > bestScore {
			best, bestScore = i, s
		}
	}
	i := pk.next
	pk.moves.Moves[i], pk.moves.Moves[best] = pk.moves.Moves[best], pk.moves.Moves[i]
	pk.scores[i], pk.scores[best] = pk.scores[best], pk.scores[i]
	pk.next++
	return pk.moves.Moves[i], pk.scores[i]
}

// historyMax bounds history scores; updates move a score towards ±max by
// a fraction of the distance ("gravity"), so old results fade.
const historyMax = 16384

func updateHistory(h *int32, bonus int) { *h = gravity(*h, bonus) }

// gravity is a history score h after a bonus (or malus), bounded by
// ±historyMax.
func gravity(h int32, bonus int) int32 {
	b := int32(max(-historyMax, min(historyMax, bonus)))
	return h + b - h*abs32(b)/historyMax
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}
