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
// squares it can step to safely. A model with shape sees where the men
// stand relative to the kings, which a placement spells out square by
// square: for each man where its own king and the other stand from it
// (a rook cutting a king off, a knight's fork, a king in front of its
// pawn look alike wherever they happen on the board), for each pawn
// the race to its promotion square (its moves to go against the other
// king's distance to that square, the move counted), and where one king
// stands from the other. Ranks are counted as the man's side sees them,
// files as a distance (the canonical form has mirrored the board already).
const (
	manFeatures    = 2 * tablebase.Kinds * 64
	featBlackMove  = manFeatures
	featEnPassant  = manFeatures + 1
	PlacementCount = manFeatures + 2

	threatCount   = 2 * tablebase.Kinds * 2 * 2 * 2
	mobilityCount = 2 * 2 * 9
	ThreatCount   = threatCount + mobilityCount

	raceCount  = 2 * 6 * 7           // side × moves to go (1–5, 6 never) × margin (−3…3)
	offsets    = 15 * 8              // ranks −7…7 × files 0…7
	menKings   = 2 * 5 * 2 * offsets // side × kind × its own king or the other
	ShapeCount = raceCount + menKings + 2*offsets
	maxShape   = 3*(tablebase.MaxMen-2) + 1
	maxActive  = 2*tablebase.MaxMen + 2 + 2 + maxShape
)

// Inputs are the feature groups of a model beyond the placement.
type Inputs struct{ Threats, Shape bool }

// count is the number of inputs.
func (in Inputs) count() int {
	n := PlacementCount
	if in.Threats {
		n += ThreatCount
	}
	if in.Shape {
		n += ShapeCount
	}
	return n
}

// features lists the active features of an entry.
func features(e *tablebase.Entry, in Inputs, out *[maxActive]int) int {
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
	base := PlacementCount
	if in.Threats {
		n = threatFeatures(e, out, n, base)
		base += ThreatCount
	}
	if in.Shape {
		n = shapeFeatures(e, out, n, base)
	}
	return n
}

func threatFeatures(e *tablebase.Entry, out *[maxActive]int, n, base int) int {
	var occ board.Bitboard
	for i := 0; i < e.N; i++ {
		occ |= e.Men[i].Square.Bit()
	}
	// attacks[c]: the squares side c attacks; attacksNoKing[c] with the
	// other side's king taken off the board (a king cannot hide behind
	// itself from a slider).
	var attacks, attacksNoKing [2]board.Bitboard
	kings := kingsOf(e)
	for i := 0; i < e.N; i++ {
		m := e.Men[i]
		c := side(m)
		attacks[c] |= m.Attacks(occ)
		attacksNoKing[c] |= m.Attacks(occ &^ kings[1-c].Bit())
	}
	stm := b2i(e.BlackToMove)
	for i := 0; i < e.N; i++ {
		m := e.Men[i]
		c := side(m)
		f := (c*tablebase.Kinds+m.Kind)*8 + b2i(attacks[1-c].Has(m.Square))*4 + b2i(attacks[c].Has(m.Square))*2 + b2i(stm != c)
		out[n] = base + f
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
		out[n] = base + threatCount + (c*2+b2i(stm == c))*9 + safe
		n++
	}
	return n
}

func shapeFeatures(e *tablebase.Entry, out *[maxActive]int, n, base int) int {
	kings, stm := kingsOf(e), b2i(e.BlackToMove)
	for i := 0; i < e.N; i++ {
		m := e.Men[i]
		if m.Kind == tablebase.KindKing {
			continue
		}
		c := side(m)
		at := base + raceCount + (c*5+m.Kind-1)*2*offsets
		out[n] = at + offset(m.Square, kings[c], c)
		out[n+1] = at + offsets + offset(m.Square, kings[1-c], c)
		n += 2
		if m.Kind != tablebase.KindPawn {
			continue
		}
		toGo, promotion := 7-rank(m.Square), board.Square(int(m.Square)|56)
		if c == 1 {
			toGo, promotion = rank(m.Square), board.Square(int(m.Square)&7)
		}
		toGo = min(toGo, 5) // from its first square it may move two
		// The other king catches the pawn when it is no further from the
		// promotion square than the pawn, counting the move.
		margin := distance(kings[1-c], promotion) - b2i(stm != c) - toGo
		out[n] = base + (c*6+toGo)*7 + min(3, max(-3, margin)) + 3
		n++
	}
	out[n] = base + raceCount + menKings + stm*offsets + offset(kings[0], kings[1], 0)
	return n + 1
}

// offset numbers where square b stands from square a: the ranks between
// them as side c sees them (−7…7), the files as a distance (0…7).
func offset(a, b board.Square, c int) int {
	dr, df := rank(b)-rank(a), int(b)&7-int(a)&7
	if c == 1 {
		dr = -dr
	}
	if df < 0 {
		df = -df
	}
	return (dr+7)*8 + df
}

// distance is the number of king steps between two squares.
func distance(a, b board.Square) int {
	dr, df := rank(b)-rank(a), int(b)&7-int(a)&7
	return max(dr, -dr, df, -df)
}

func rank(s board.Square) int { return int(s) >> 3 }

func kingsOf(e *tablebase.Entry) (kings [2]board.Square) {
	for i := 0; i < e.N; i++ {
		if m := e.Men[i]; m.Kind == tablebase.KindKing {
			kings[side(m)] = m.Square
		}
	}
	return kings
}

func side(m tablebase.Man) int { return b2i(m.Black) }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
