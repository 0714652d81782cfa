package tablebase

import (
	"sort"

	"kibitz/engine/board"
)

// Set holds generated tables by signature; the tables a capture leads to
// are generated first.
type Set struct {
	tables map[string]*Table
	byKey  [materials * materials]*Table // by material, for ProbeWDL
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

// childOf is the signature and position after a move that leaves the
// table: piece captured (−1: none) is gone and piece a, when promoted is
// not −1, has become that kind. Each side's pieces stay in the
// signature's order (kings first, then by kind).
func childOf(l *layout, q pos, a, captured, promoted int) (Signature, pos) {
	var ns Signature
	var np pos
	n := 0
	for c := 0; c < 2; c++ {
		type piece struct {
			kind int
			sq   board.Square
		}
		var ps []piece
		for i := 0; i < l.men; i++ {
			if i == captured || l.side[i] != c {
				continue
			}
			k := l.kind[i]
			if i == a && promoted >= 0 {
				k = promoted
			}
			ps = append(ps, piece{k, q.sq[i]})
		}
		sort.SliceStable(ps, func(i, j int) bool { return ps[i].kind < ps[j].kind })
		for _, x := range ps {
			if c == 0 {
				ns.White = append(ns.White, x.kind)
			} else {
				ns.Black = append(ns.Black, x.kind)
			}
			np.sq[n] = x.sq
			n++
		}
	}
	np.stm = q.stm
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
	size := l.size()
	b := &builder{set: set, sig: s, l: l,
		t:     &Table{Sig: s, res: make([]uint8, size), dtm: make([]uint8, size)},
		count: make([]uint8, size), longest: make([]uint8, size), drawn: make([]bool, size), pendingWin: make([]uint8, size)}
	for i := 0; i < size; i++ {
		b.seed(i)
	}
	for d := 0; d < 255; d++ {
		for k := 0; k < len(b.levels[d]); k++ {
			i := int(b.levels[d][k])
			if i < 0 { // a capture's win reaching its level
				i = -i - 1
				if b.t.res[i] != unknown {
					continue
				}
				b.t.res[i], b.t.dtm[i] = win, uint8(d)
			}
			b.settlePredecessors(i, d)
		}
	}
	for i := range b.t.res {
		if b.t.res[i] == unknown {
			b.t.res[i] = draw
		}
	}
	return b.t
}

// builder is the state of one table's generation.
type builder struct {
	set        *Set
	sig        Signature
	l          layout
	t          *Table
	count      []uint8      // moves within the table (by class of position reached) not yet resolved
	longest    []uint8      // the longest opponent's win among resolved moves
	drawn      []bool       // a move reaches a draw
	pendingWin []uint8      // a capture wins in this many plies (0: none)
	levels     [256][]int32 // positions resolved at each distance (−i−1: a capture's win, to confirm)
	children   []int
}

// seed counts position i's moves, resolves those that leave the table
// (captures, promotions) and settles the position at once when its moves
// allow.
func (b *builder) seed(i int) {
	l, t := &b.l, b.t
	p := l.decode(i)
	if !l.legal(&p) || l.canon(&p) != i {
		t.res[i] = illegal // or another index holds this position
		return
	}
	moves, best := 0, 255
	b.children = b.children[:0]
	l.eachMove(&p, func(q pos, a, captured, promoted int) {
		moves++
		if captured < 0 && promoted < 0 {
			// Symmetric moves may reach one class: count classes, as
			// the predecessors of a class are visited once.
			if j := l.canon(&q); !contains(b.children, j) {
				b.children = append(b.children, j)
				b.count[i]++
			}
			return
		}
		switch r, d := b.set.value(childOf(l, q, a, captured, promoted)); r {
		case loss:
			best = min(best, int(d)+1)
		case win:
			b.longest[i] = max(b.longest[i], d)
		default:
			b.drawn[i] = true
		}
	})
	occ, _, _ := l.occupancy(&p)
	switch {
	case moves == 0 && l.attacked(&p, p.sq[l.kings[p.stm]], 1-p.stm, occ):
		t.res[i] = loss // checkmated
		b.levels[0] = append(b.levels[0], int32(i))
	case moves == 0:
		t.res[i] = draw // stalemate
	case best < 255:
		b.pendingWin[i] = uint8(best)
		b.levels[best] = append(b.levels[best], int32(-i-1)) // a win at that level unless sooner
	case b.count[i] == 0 && !b.drawn[i]:
		d := int(b.longest[i]) + 1
		t.res[i], t.dtm[i] = loss, uint8(d)
		b.levels[d] = append(b.levels[d], int32(i))
	case b.count[i] == 0:
		t.res[i] = draw
	}
}

// attackedExcept is attacked with piece skip (just captured) left out.
func (l *layout) attackedExcept(p *pos, s board.Square, c int, occ board.Bitboard, skip int) bool {
	for i := 0; i < l.men; i++ {
		if i != skip && l.side[i] == c && l.attacksOf(i, p.sq[i], occ).Has(s) {
			return true
		}
	}
	return false
}

// settlePredecessors visits every position one move before position i
// (resolved at distance d) within the table: the side not to move in i
// moves a piece back to an empty square, or a pawn one square back (two
// from its fourth rank, when that push is what left an en passant capture
// open in i, or when it could not have).
func (b *builder) settlePredecessors(i, d int) {
	t, l := b.t, &b.l
	c := l.decode(i)
	occ, _, _ := l.occupancy(&c)
	mover := 1 - c.stm
	var seen [256]int
	nSeen := 0
	visit := func(p pos) {
		p.stm, p.ep = mover, false
		pocc := occ
		for a := 0; a < l.men; a++ {
			if p.sq[a] != c.sq[a] {
				pocc = pocc&^c.sq[a].Bit() | p.sq[a].Bit()
			}
		}
		if l.attacked(&p, p.sq[l.kings[c.stm]], mover, pocc) {
			return // the side not to move would be in check
		}
		// The predecessor may itself have had an en passant capture open.
		for _, ep := range []bool{false, true} {
			if ep && (!l.ep || !l.legal(&pos{sq: p.sq, stm: p.stm, ep: true})) {
				continue
			}
			p.ep = ep
			j := l.canon(&p)
			if t.res[j] != unknown || contains(seen[:nSeen], j) {
				continue
			}
			if nSeen < len(seen) {
				seen[nSeen] = j
				nSeen++
			}
			b.settle(j, i, d)
		}
	}
	for a := 0; a < l.men; a++ {
		if l.side[a] != mover {
			continue
		}
		if l.kind[a] != pawn {
			if c.ep {
				continue // only the pawn's double push leads to i
			}
			for from := l.attacksOf(a, c.sq[a], occ) &^ occ; from != 0; {
				p := c
				p.sq[a] = from.PopFirst()
				visit(p)
			}
			continue
		}
		back := board.Square(int(c.sq[a]) - forward(mover))
		if rankOf(back) == lastRank(1-mover) || occ.Has(back) {
			continue // a pawn on its second rank has not moved
		}
		if !c.ep {
			p := c
			p.sq[a] = back
			visit(p)
		}
		twoBack := board.Square(int(back) - forward(mover))
		if rankOf(twoBack) != startRank(mover) || occ.Has(twoBack) || l.justPushed(&c) != a {
			continue
		}
		// The double push reaches i with an en passant capture open when
		// there is one, and without otherwise.
		if withEP := l.ep && l.epOpen(&c); withEP == c.ep {
			p := c
			p.sq[a] = twoBack
			visit(p)
		}
	}
}

// settle tells position j that its move to position i, resolved at
// distance d, is known.
func (b *builder) settle(j, i, d int) {
	t := b.t
	if t.res[i] == loss {
		t.res[j], t.dtm[j] = win, uint8(d+1)
		b.levels[d+1] = append(b.levels[d+1], int32(j))
		return
	}
	b.count[j]--
	b.longest[j] = max(b.longest[j], uint8(d))
	if b.count[j] == 0 && !b.drawn[j] && b.pendingWin[j] == 0 {
		n := int(b.longest[j]) + 1
		t.res[j], t.dtm[j] = loss, uint8(n)
		b.levels[n] = append(b.levels[n], int32(j))
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
