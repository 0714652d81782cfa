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
	s := evalSide(p, board.White, tr) - evalSide(p, board.Black, tr)
	if p.SideToMove() == board.White {
		s += weights[wTempo]
	} else {
		s -= weights[wTempo]
	}
	if tr != nil {
		tr.Phase = phase
		tr.Coef[wTempo] = 1
		if p.SideToMove() == board.Black {
			tr.Coef[wTempo] = -1
		}
	}
	v := (s.MG()*phase + s.EG()*(MaxPhase-phase)) / MaxPhase
	v = scaleDrawish(p, v)
	if p.SideToMove() == board.Black {
		return -v
	}
	return v
}

// add adds n times weight i for colour sign (+1 White, -1 Black) to the
// trace; the evaluation itself adds weights[i]*n.
func (tr *Trace) add(i, n, sign int) {
	if tr != nil {
		tr.Coef[i] += int16(n * sign)
	}
}

func evalSide(p *board.Position, us board.Color, tr *Trace) Score {
	them := us.Other()
	sign := 1
	if us == board.Black {
		sign = -1
	}
	own := p.ColorBB(us)
	occ := p.Occupied()
	ownPawns, enemyPawns := p.Pieces(us, board.Pawn), p.Pieces(them, board.Pawn)
	area := ^(own | pawnAttacksOf(enemyPawns, them))
	eksq := p.KingSquare(them)
	zone := board.KingAttacks(eksq) | eksq.Bit()
	ksq := p.KingSquare(us)

	var s Score
	for t := board.Pawn; t <= board.King; t++ {
		for b := p.Pieces(us, t); b != 0; {
			sq := b.PopFirst()
			rel := relative(sq, us)
			i := wPST + int(t)*64 + int(rel)
			s += weights[i]
			tr.add(i, 1, sign)
			if t != board.King {
				s += weights[wMaterial+int(t)]
				tr.add(wMaterial+int(t), 1, sign)
			}
			var att Bitboard
			mob := -1
			switch t {
			case board.Pawn:
				s += pawnTerms(p, sq, us, ownPawns, enemyPawns, ksq, eksq, sign, tr)
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
					s += weights[wRookOpen]
					tr.add(wRookOpen, 1, sign)
				} else if file&ownPawns == 0 {
					s += weights[wRookHalf]
					tr.add(wRookHalf, 1, sign)
				}
			case board.Queen:
				att = board.QueenAttacks(sq, occ)
				mob = wQueenMob
			case board.King:
				continue
			}
			n := (att & area).Count()
			s += weights[mob+n]
			tr.add(mob+n, 1, sign)
			if k := (att & zone).Count(); k > 0 {
				i := wKingAttack + int(t) - int(board.Knight)
				s += weights[i] * Score(k)
				tr.add(i, k, sign)
			}
		}
	}
	if p.Pieces(us, board.Bishop).More() {
		s += weights[wBishopPair]
		tr.add(wBishopPair, 1, sign)
	}
	if n := (shieldMask[us][ksq] & ownPawns).Count(); n > 0 {
		s += weights[wKingShield] * Score(n)
		tr.add(wKingShield, n, sign)
	}
	return s
}

func pawnTerms(p *board.Position, sq board.Square, us board.Color, ownPawns, enemyPawns Bitboard, ksq, eksq board.Square, sign int, tr *Trace) Score {
	var s Score
	if passedMask[us][sq]&enemyPawns == 0 && forwardFile[us][sq]&ownPawns == 0 {
		r := relative(sq, us).Rank()
		s += weights[wPassed+r]
		tr.add(wPassed+r, 1, sign)
		stop := sq + 8
		if us == board.Black {
			stop = sq - 8
		}
		if p.PieceAt(stop) == board.NoPiece {
			s += weights[wPassedFree]
			tr.add(wPassedFree, 1, sign)
		}
		d := distance(eksq, sq) - distance(ksq, sq)
		s += weights[wKingPassed] * Score(d)
		tr.add(wKingPassed, d, sign)
	}
	if forwardFile[us][sq]&ownPawns != 0 {
		s += weights[wDoubled]
		tr.add(wDoubled, 1, sign)
	}
	if adjacentFiles[sq.File()]&ownPawns == 0 {
		s += weights[wIsolated]
		tr.add(wIsolated, 1, sign)
	}
	return s
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
