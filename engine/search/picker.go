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

// Stages of the main search's picker. Each stage generates or tries its
// moves only when none before it cut the node off: the table's move before
// any generation, captures before quiet moves, the quiet moves generated
// and scored only when the captures, killers and countermove did not do.
const (
	stageTT uint8 = iota
	stageNoisyGen
	stageGoodNoisy
	stageKiller1
	stageKiller2
	stageCounter
	stageQuietGen
	stageQuiet
	stageBadNoisy
	stageDone
)

// picker hands out moves best-first by selection: each call finds the
// highest remaining score, so a cutoff after the first moves saves sorting
// the rest. The main search steps through the stages above (initStaged,
// next); the quiescence search scores its one list up front (init, pick).
type picker struct {
	moves  board.MoveList // noisy moves (staged), or all the quiescence search's
	scores [board.MaxMoves]int32
	next   int

	quiets      board.MoveList
	quietScores [board.MaxMoves]int32
	quietNext   int

	// Captures that lose material (SEE below 0), in the order met, which
	// is most valuable victim first: tried after the quiet moves.
	bad       [board.MaxMoves]board.Move
	badScores [board.MaxMoves]int32
	nBad      int
	badNext   int

	stage                               uint8
	ply                                 int
	ttMove, killer1, killer2, counterMv board.Move
}

// initStaged readies the staged picker for a main-search node; nothing is
// generated yet.
func (pk *picker) initStaged(w *worker, ttMove board.Move, ply int) {
	pk.stage = stageTT
	pk.ply = ply
	pk.ttMove = ttMove
	pk.killer1, pk.killer2 = w.stack[ply].killers[0], w.stack[ply].killers[1]
	pk.counterMv = board.NullMove
	p := w.pos
	if prev := p.LastMove(); prev != board.NullMove {
		pk.counterMv = w.counter[p.PieceAt(prev.To())][prev.To()]
	}
	pk.nBad, pk.badNext = 0, 0
}

// skipQuiets ends the quiet stages: once the search prunes every further
// quiet move, generating them is wasted work.
func (pk *picker) skipQuiets() {
	if pk.stage >= stageKiller1 && pk.stage <= stageQuiet {
		pk.stage = stageBadNoisy
	}
}

// nextStaged returns the next move and its ordering score (the scale of
// the score* constants), or NullMove when the node has no move left.
func (pk *picker) nextStaged(w *worker) (board.Move, int32) {
	p := w.pos
	for {
		switch pk.stage {
		case stageTT:
			pk.stage++
			if pk.ttMove != board.NullMove && p.IsLegal(pk.ttMove) {
				return pk.ttMove, scoreTT
			}
			pk.ttMove = board.NullMove
		case stageNoisyGen:
			p.GenerateMoves(&pk.moves, board.GenNoisy)
			for i, m := range pk.moves.Slice() {
				pk.scores[i] = mvvLva(p, m)
			}
			pk.next = 0
			pk.stage++
		case stageGoodNoisy:
			for pk.next < pk.moves.N {
				m, s := selectBest(&pk.moves, pk.scores[:], &pk.next)
				if m == pk.ttMove {
					continue
				}
				// SEE only for the captures actually reached.
				if !p.SEE(m, 0) {
					pk.bad[pk.nBad], pk.badScores[pk.nBad] = m, scoreBadNoisy+s
					pk.nBad++
					continue
				}
				return m, scoreGoodNoisy + s
			}
			pk.stage++
		case stageKiller1:
			pk.stage++
			if pk.usable(p, pk.killer1) {
				return pk.killer1, scoreKiller1
			}
			pk.killer1 = board.NullMove
		case stageKiller2:
			pk.stage++
			if pk.killer2 != pk.killer1 && pk.usable(p, pk.killer2) {
				return pk.killer2, scoreKiller2
			}
			pk.killer2 = board.NullMove
		case stageCounter:
			pk.stage++
			if pk.counterMv != pk.killer1 && pk.counterMv != pk.killer2 && pk.usable(p, pk.counterMv) {
				return pk.counterMv, scoreCounter
			}
			pk.counterMv = board.NullMove
		case stageQuietGen:
			pk.generateQuiets(w)
			pk.stage++
		case stageQuiet:
			if pk.quietNext < pk.quiets.N {
				return selectBest(&pk.quiets, pk.quietScores[:], &pk.quietNext)
			}
			pk.stage++
		case stageBadNoisy:
			if pk.badNext < pk.nBad {
				i := pk.badNext
				pk.badNext++
				return pk.bad[i], pk.badScores[i]
			}
			pk.stage++
		default:
			return board.NullMove, 0
		}
	}
}

// usable says whether a killer or countermove can be played here as the
// quiet move it was: legal, and not the table's move already tried.
func (pk *picker) usable(p *board.Position, m board.Move) bool {
	return m != board.NullMove && m != pk.ttMove && !m.IsCapture() && !m.IsPromotion() && p.IsLegal(m)
}

// generateQuiets generates the quiet moves not tried already and scores
// them by history: the side's own, and the continuation tables of the
// last two moves.
func (pk *picker) generateQuiets(w *worker) {
	p := w.pos
	p.GenerateMoves(&pk.quiets, board.GenQuiet)
	hist := &w.history[p.SideToMove()]
	c1, c2 := w.contTables(pk.ply)
	n := 0
	for _, m := range pk.quiets.Slice() {
		if m == pk.ttMove || m == pk.killer1 || m == pk.killer2 || m == pk.counterMv {
			continue
		}
		pc, to := p.MovedPiece(m), m.To()
		s := hist[m.From()][to]
		if c1 != nil {
			s += int32(c1[pc][to])
		}
		if c2 != nil {
			s += int32(c2[pc][to])
		}
		pk.quiets.Moves[n], pk.quietScores[n] = m, s
		n++
	}
	pk.quiets.N = n
	pk.quietNext = 0
}

// init generates and scores the quiescence search's moves of the given
// kind: the table's move first, then captures and promotions by victim and
// attacker (the quiescence search judges losing captures itself), then,
// in check, the quiet evasions by history.
func (pk *picker) init(w *worker, kind board.GenKind, ttMove board.Move) {
	p := w.pos
	p.GenerateMoves(&pk.moves, kind)
	pk.next = 0
	hist := &w.history[p.SideToMove()]
	for i, m := range pk.moves.Slice() {
		var s int32
		switch {
		case m == ttMove:
			s = scoreTT
		case m.IsCapture() || m.IsPromotion():
			s = scoreGoodNoisy + mvvLva(p, m)
		default:
			s = hist[m.From()][m.To()]
		}
		pk.scores[i] = s
	}
}

// pick returns the quiescence search's next best move, or NullMove when
// none is left.
func (pk *picker) pick() (board.Move, int32) {
	if pk.next >= pk.moves.N {
		return board.NullMove, 0
	}
	return selectBest(&pk.moves, pk.scores[:], &pk.next)
}

// selectBest moves the best-scored of l's moves from *next on to position
// *next, advances *next and returns that move and score. Of equal scores
// the first is taken, so every build orders the moves alike.
func selectBest(l *board.MoveList, scores []int32, next *int) (board.Move, int32) {
	i := *next
	scores = scores[:l.N]
	best := i + argmax(scores[i:])
	l.Moves[i], l.Moves[best] = l.Moves[best], l.Moves[i]
	scores[i], scores[best] = scores[best], scores[i]
	*next = i + 1
	return l.Moves[i], scores[i]
}

// argmaxGeneric returns the index of the first highest score in s. The
// running maximum stays in a register; ">" keeps the first of equal
// scores.
func argmaxGeneric(s []int32) int {
	best, bestScore := 0, s[0]
	for j := 1; j < len(s); j++ {
		if v := s[j]; v > bestScore {
			best, bestScore = j, v
		}
	}
	return best
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
