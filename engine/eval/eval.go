package eval

import (
	"kibitz/engine/board"
)

// MaxPhase is the game phase of the starting material: knights and bishops
// count 1, rooks 2, queens 4.
const MaxPhase = 24

var phaseValue = [6]int{0, 1, 1, 2, 4, 0}

// Trace receives the counts behind every term when non-nil: Coef[i] is the
// number of times weight i was added for White minus for Black.
type Trace struct {
	Coef  [NumWeights]int16
	Phase int
}

// Evaluate returns the static evaluation of p in centipawns from the side
// to move's point of view.
func Evaluate(p *board.Position) int { return evaluate(p, nil) }

// EvaluateTrace evaluates p and fills tr with the counts of every term.
func EvaluateTrace(p *board.Position, tr *Trace) int {
	*tr = Trace{}
	return evaluate(p, tr)
}

func evaluate(p *board.Position, tr *Trace) int {
	phase := 0
	for t := board.Knight; t <= board.Queen; t++ {
		phase += phaseValue[t] * p.PiecesOfType(t).Count()
	}
	phase = min(phase, MaxPhase)
	white, black := terms{tr: tr, sign: 1}, terms{tr: tr, sign: -1}
	evalSide(&white, p, board.White)
	evalSide(&black, p, board.Black)
	if p.SideToMove() == board.White {
		white.add(wTempo, 1)
	} else {
		black.add(wTempo, 1)
	}
	s := white.s - black.s
	if tr != nil {
		tr.Phase = phase
	}
	v := (s.MG()*phase + s.EG()*(MaxPhase-phase)) / MaxPhase
	v = scaleDrawish(p, v)
	if p.SideToMove() == board.Black {
		return -v
	}
	return v
}

// terms sums one side's weighted terms. Every term goes through add, which
// both adds the weight to the score and, when tracing, records its count:
// the tuner fits exactly the function the engine plays.
type terms struct {
	s    Score
	tr   *Trace
	sign int // +1 for White, -1 for Black: the trace counts White minus Black
}

// add adds n times weight i.
func (t *terms) add(i, n int) {
	t.s += weights[i] * Score(n)
	if t.tr != nil {
		t.tr.Coef[i] += int16(n * t.sign)
	}
}

// evalSide adds the terms of side us to t.
func evalSide(t *terms, p *board.Position, us board.Color) {
	them := us.Other()
	own := p.ColorBB(us)
	occ := p.Occupied()
	ownPawns, enemyPawns := p.Pieces(us, board.Pawn), p.Pieces(them, board.Pawn)
	area := ^(own | pawnAttacksOf(enemyPawns, them))
	eksq := p.KingSquare(them)
	zone := board.KingAttacks(eksq) | eksq.Bit()
	ksq := p.KingSquare(us)

	for pt := board.Pawn; pt <= board.King; pt++ {
		for b := p.Pieces(us, pt); b != 0; {
			sq := b.PopFirst()
			t.add(wPST+int(pt)*64+int(relative(sq, us)), 1)
			if pt != board.King {
				t.add(wMaterial+int(pt), 1)
			}
			var att Bitboard
			mob := -1
			switch pt {
			case board.Pawn:
				pawnTerms(t, p, sq, us, ownPawns, enemyPawns, ksq, eksq)
				continue
			case board.Knight:
				att = board.KnightAttacks(sq)
				mob = wKnightMob
			case board.Bishop:
				att = board.BishopAttacks(sq, occ)
				mob = wBishopMob
			case board.Rook:
				att = board.RookAttacks(sq, occ)
				mob = wRookMob
				file := files[sq.File()]
				if file&(ownPawns|enemyPawns) == 0 {
					t.add(wRookOpen, 1)
				} else if file&ownPawns == 0 {
					t.add(wRookHalf, 1)
				}
			case board.Queen:
				att = board.QueenAttacks(sq, occ)
				mob = wQueenMob
			case board.King:
				continue
			}
			t.add(mob+(att&area).Count(), 1)
			if k := (att & zone).Count(); k > 0 {
				t.add(wKingAttack+int(pt)-int(board.Knight), k)
			}
		}
	}
	if p.Pieces(us, board.Bishop).More() {
		t.add(wBishopPair, 1)
	}
	if n := (shieldMask[us][ksq] & ownPawns).Count(); n > 0 {
		t.add(wKingShield, n)
	}
}

func pawnTerms(t *terms, p *board.Position, sq board.Square, us board.Color, ownPawns, enemyPawns Bitboard, ksq, eksq board.Square) {
	if passedMask[us][sq]&enemyPawns == 0 && forwardFile[us][sq]&ownPawns == 0 {
		t.add(wPassed+relative(sq, us).Rank(), 1)
		stop := sq + 8
		if us == board.Black {
			stop = sq - 8
		}
		if p.PieceAt(stop) == board.NoPiece {
			t.add(wPassedFree, 1)
		}
		t.add(wKingPassed, distance(eksq, sq)-distance(ksq, sq))
	}
	if forwardFile[us][sq]&ownPawns != 0 {
		t.add(wDoubled, 1)
	}
	if adjacentFiles[sq.File()]&ownPawns == 0 {
		t.add(wIsolated, 1)
	}
}

// scaleDrawish shrinks evaluations that material alone says cannot be won:
// a side without pawns needs more than a minor piece's worth of extra
// material to mate.
func scaleDrawish(p *board.Position, v int) int {
	strong := board.White
	if v < 0 {
		strong = board.Black
	}
	if p.Pieces(strong, board.Pawn) != 0 {
		return v
	}
	weak := strong.Other()
	diff := nonPawnMaterial(p, strong) - nonPawnMaterial(p, weak)
	switch {
	case nonPawnMaterial(p, strong) <= 330:
		return 0 // a lone minor piece (or nothing) cannot mate
	case diff < 400:
		return v / 8
	}
	return v
}

var simpleValue = [6]int{100, 320, 330, 500, 950, 0}

func nonPawnMaterial(p *board.Position, c board.Color) int {
	n := 0
	for t := board.Knight; t <= board.Queen; t++ {
		n += simpleValue[t] * p.Pieces(c, t).Count()
	}
	return n
}
