package wdlnet

import (
	"kibitz/engine/board"
	"kibitz/engine/tablebase"
)

// The inputs. Every model has the placement features: one per man (side,
// kind, square), then Black to move and an open en passant capture. A
// model with threats also sees, exactly and cheaply from the attack
// tables, what a placement alone hides from a small network: for each man
// whether the other side attacks it, whether its own side defends it and
// whether the attacker is the side to move; and for each king how many
// squares it can step to safely.
const (
	manFeatures    = 2 * tablebase.Kinds * 64
	featBlackMove  = manFeatures
	featEnPassant  = manFeatures + 1
	PlacementCount = manFeatures + 2

	threatBase    = PlacementCount
	threatCount   = 2 * tablebase.Kinds * 2 * 2 * 2
	mobilityBase  = threatBase + threatCount
	mobilityCount = 2 * 2 * 9
	ThreatCount   = mobilityBase + mobilityCount // all features of a model with threats

	maxActive = 2*tablebase.MaxMen + 2 + 2
)

// featureCount is the number of inputs of a model.
func featureCount(threats bool) int {
	if threats {
		return ThreatCount
	}
	return PlacementCount
}

// features lists the active features of an entry.
func features(e *tablebase.Entry, threats bool, out *[maxActive]int) int {
	n := 0
	for i := 0; i < e.N; i++ {
		man := e.Men[i]
		f := man.Kind*64 + int(man.Square)
		if man.Black {
			f += tablebase.Kinds * 64
		}
		out[n] = f
		n++
	}
	if e.BlackToMove {
		out[n] = featBlackMove
		n++
	}
	if e.EnPassant {
		out[n] = featEnPassant
		n++
	}
	if threats {
		n = threatFeatures(e, out, n)
	}
	return n
}

func threatFeatures(e *tablebase.Entry, out *[maxActive]int, n int) int {
	var occ board.Bitboard
	for i := 0; i < e.N; i++ {
		occ |= e.Men[i].Square.Bit()
	}
	// attacks[c]: the squares side c attacks; attacksNoKing[c] with the
	// other side's king taken off the board (a king cannot hide behind
	// itself from a slider).
	var attacks, attacksNoKing [2]board.Bitboard
	var kings [2]board.Square
	for i := 0; i < e.N; i++ {
		if m := e.Men[i]; m.Kind == tablebase.KindKing {
			kings[side(m)] = m.Square
		}
	}
	for i := 0; i < e.N; i++ {
		m := e.Men[i]
		c := side(m)
		attacks[c] |= m.Attacks(occ)
		attacksNoKing[c] |= m.Attacks(occ &^ kings[1-c].Bit())
	}
	stm := 0
	if e.BlackToMove {
		stm = 1
	}
	for i := 0; i < e.N; i++ {
		m := e.Men[i]
		c := side(m)
		f := (c*tablebase.Kinds+m.Kind)*8 + b2i(attacks[1-c].Has(m.Square))*4 + b2i(attacks[c].Has(m.Square))*2 + b2i(stm != c)
		out[n] = threatBase + f
		n++
	}
	for c := range 2 {
		var own board.Bitboard
		for i := 0; i < e.N; i++ {
			if side(e.Men[i]) == c {
				own |= e.Men[i].Square.Bit()
			}
		}
		safe := (board.KingAttacks(kings[c]) &^ own &^ attacksNoKing[1-c]).Count()
		out[n] = mobilityBase + (c*2+b2i(stm == c))*9 + safe
		n++
	}
	return n
}

func side(m tablebase.Man) int { return b2i(m.Black) }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
