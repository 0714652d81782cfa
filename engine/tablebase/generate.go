package tablebase

import (
	"kibitz/engine/board"
)

// Set holds generated tables by signature; the tables a capture leads to
// are generated first.
type Set struct {
	tables map[string]*Table
	byKey  [81 * 81]*Table // by material, for ProbeWDL
	// Progress, if set, hears of each table as it is finished.
	Progress func(t *Table)
}

// NewSet returns an empty set.
func NewSet() *Set { return &Set{tables: map[string]*Table{}} }

// Table returns the table of s (in its canonical orientation, the stronger
// side as White), generating it and what it needs.
func (set *Set) Table(s Signature) *Table {
	s, _ = s.canonical()
	if t, ok := set.tables[s.String()]; ok {
		return t
	}
	t := set.generate(s)
	set.tables[s.String()] = t
	set.index(t)
	if set.Progress != nil {
		set.Progress(t)
	}
	return t
}

// value of a position of any signature for its side to move: result code
// and plies to mate. Bare kings are a draw.
func (set *Set) value(s Signature, p pos) (uint8, uint8) {
	if len(s.White) == 1 && len(s.Black) == 1 {
		return draw, 0
	}
	cs, swapped := s.canonical()
	l := newLayout(s)
	q := p
	if swapped {
		// Black becomes White: mirror the ranks and list Black's pieces first.
		n := 0
		for c := 1; c >= 0; c-- {
			for i := 0; i < l.men; i++ {
				if l.side[i] == c {
					q.sq[n] = p.sq[i] ^ 56
					n++
				}
			}
		}
		q.stm = 1 - p.stm
	}
	t := set.Table(cs)
	cl := newLayout(cs)
	i := cl.canon(&q)
	return t.res[i], t.dtm[i]
}

// withoutPiece is the signature and position after piece j is captured.
func withoutPiece(s Signature, l *layout, p pos, j int) (Signature, pos) {
	var ns Signature
	var np pos
	n := 0
	for i := 0; i < l.men; i++ {
		if i == j {
			continue
		}
		if l.side[i] == 0 {
			ns.White = append(ns.White, l.kind[i])
		} else {
			ns.Black = append(ns.Black, l.kind[i])
		}
		np.sq[n] = p.sq[i]
		n++
	}
	np.stm = p.stm
	return ns, np
}

// generate builds the table of a canonical signature by retrograde
// analysis: every position's moves are counted; mates and the results of
// captures (from the smaller tables) seed the levels; then, level by
// level of distance to mate, each resolved position settles its
// predecessors — a loss makes every predecessor a win one ply further, and
// a predecessor whose moves all lead to the opponent's wins is lost.
// Positions left unresolved are draws.
func (set *Set) generate(s Signature) *Table {
	l := newLayout(s)
	size := tableSize(l.men)
	t := &Table{Sig: s, res: make([]uint8, size), dtm: make([]uint8, size)}
	count := make([]uint8, size)   // moves within the table not yet resolved
	longest := make([]uint8, size) // the longest opponent's win among resolved moves
	drawn := make([]bool, size)    // a move reaches a draw
	var levels [256][]int32        // positions resolved at each distance
	pendingWin := make([]uint8, size)

	var children []int
	for i := 0; i < size; i++ {
		p := decode(i, l.men)
		if !l.legal(&p) || l.canon(&p) != i {
			t.res[i] = illegal // or another index holds this position
			continue
		}
		occ, by, _ := l.occupancy(&p)
		moves, best := 0, 255
		children = children[:0]
		for a := 0; a < l.men; a++ {
			if l.side[a] != p.stm {
				continue
			}
			for targets := attacks(l.kind[a], p.sq[a], occ) &^ by[p.stm]; targets != 0; {
				to := targets.PopFirst()
				q := p
				q.sq[a] = to
				q.stm = 1 - p.stm
				captured := -1
				for j := 0; j < l.men; j++ {
					if j != a && p.sq[j] == to {
						captured = j
					}
				}
				qocc := occ&^p.sq[a].Bit() | to.Bit()
				if l.attackedExcept(&q, q.sq[l.kings[p.stm]], q.stm, qocc, captured) {
					continue // our king would be in check
				}
				moves++
				if captured < 0 {
					// Symmetric moves may reach one class: count classes, as
					// the predecessors of a class are visited once.
					if j := l.canon(&q); !contains(children, j) {
						children = append(children, j)
						count[i]++
					}
					continue
				}
				ns, np := withoutPiece(s, &l, q, captured)
				r, d := set.value(ns, np)
				switch r {
				case loss:
					best = min(best, int(d)+1)
				case win:
					longest[i] = max(longest[i], d)
				default:
					drawn[i] = true
				}
			}
		}
		switch {
		case moves == 0 && l.attacked(&p, p.sq[l.kings[p.stm]], 1-p.stm, occ):
			t.res[i] = loss // checkmated
			levels[0] = append(levels[0], int32(i))
		case moves == 0:
			t.res[i] = draw // stalemate
		case best < 255:
			pendingWin[i] = uint8(best)
			levels[best] = append(levels[best], int32(-i-1)) // settled as a win at that level unless sooner
		case count[i] == 0 && !drawn[i]:
			d := int(longest[i]) + 1
			t.res[i], t.dtm[i] = loss, uint8(d)
			levels[d] = append(levels[d], int32(i))
		case count[i] == 0:
			t.res[i] = draw
		}
	}

	for d := 0; d < 255; d++ {
		for k := 0; k < len(levels[d]); k++ {
			i := int(levels[d][k])
			if i < 0 { // a capture's win reaching its level
				i = -i - 1
				if t.res[i] != unknown {
					continue
				}
				t.res[i], t.dtm[i] = win, uint8(d)
			}
			set.settlePredecessors(t, &l, i, d, count, longest, drawn, pendingWin, &levels)
		}
	}
	for i := range t.res {
		if t.res[i] == unknown {
			t.res[i] = draw
		}
	}
	return t
}

// attackedExcept is attacked with piece skip (just captured) left out.
func (l *layout) attackedExcept(p *pos, s board.Square, c int, occ board.Bitboard, skip int) bool {
	for i := 0; i < l.men; i++ {
		if i != skip && l.side[i] == c && attacks(l.kind[i], p.sq[i], occ).Has(s) {
			return true
		}
	}
	return false
}

// settlePredecessors visits every position one move before position i
// (resolved at distance d): the side not to move in i moves one of its
// pieces back to an empty square.
func (set *Set) settlePredecessors(t *Table, l *layout, i, d int, count, longest []uint8, drawn []bool, pendingWin []uint8, levels *[256][]int32) {
	c := decode(i, l.men)
	occ, _, _ := l.occupancy(&c)
	mover := 1 - c.stm
	var seen [128]int
	nSeen := 0
	for a := 0; a < l.men; a++ {
		if l.side[a] != mover {
			continue
		}
		for from := attacks(l.kind[a], c.sq[a], occ) &^ occ; from != 0; {
			p := c
			p.sq[a] = from.PopFirst()
			p.stm = mover
			pocc := occ&^c.sq[a].Bit() | p.sq[a].Bit()
			if l.attacked(&p, p.sq[l.kings[c.stm]], mover, pocc) {
				continue // the side not to move would be in check
			}
			j := l.canon(&p)
			if t.res[j] != unknown || contains(seen[:nSeen], j) {
				continue
			}
			if nSeen < len(seen) {
				seen[nSeen] = j
				nSeen++
			}
			if t.res[i] == loss {
				t.res[j], t.dtm[j] = win, uint8(d+1)
				levels[d+1] = append(levels[d+1], int32(j))
				continue
			}
			count[j]--
			longest[j] = max(longest[j], uint8(d))
			if count[j] == 0 && !drawn[j] && pendingWin[j] == 0 {
				n := int(longest[j]) + 1
				t.res[j], t.dtm[j] = loss, uint8(n)
				levels[n] = append(levels[n], int32(j))
			}
		}
	}
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
