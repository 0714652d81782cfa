package tablebase

// exit is how a move that leaves the table (a capture, a promotion) is
// looked up in the smaller table it leads to, worked out once per kind of
// move rather than once per position: which of this table's pieces
// stands where in the other table's order, whether the colours swap (the
// ranks mirrored, the side to move flipped), and that table.
type exit struct {
	order   [maxMen]int8
	men     int
	bare    bool // two bare kings: a draw
	swapped bool
	table   *Table
	layout  layout
}

// exitKey numbers a move's way out of the table: the piece moved, the
// piece captured (−1: none) and the kind promoted to (−1: none).
func exitKey(a, captured, promoted int) int {
	return (a*(maxMen+1)+captured+1)*8 + promoted + 1
}

// eachExit calls f for every kind of move that leaves the table: piece a
// capturing piece captured (−1: none), promoting to kind promoted (−1:
// none), at least one of the two.
func (l *layout) eachExit(f func(a, captured, promoted int)) {
	for a := 0; a < l.men; a++ {
		proms := []int{-1}
		if l.kind[a] == pawn {
			proms = append(proms, promotions[:]...)
		}
		for captured := -1; captured < l.men; captured++ {
			if captured >= 0 && (l.side[captured] == l.side[a] || l.kind[captured] == king) {
				continue
			}
			for _, promoted := range proms {
				if captured >= 0 || promoted >= 0 {
					f(a, captured, promoted)
				}
			}
		}
	}
}

// lookup is the value, for its side to move, of the position q reaches
// (q in this table's order, after the move).
func (e *exit) lookup(q *pos) (uint8, uint8) {
	if e.bare {
		return draw, 0
	}
	var c pos
	c.stm = q.stm
	for k := 0; k < e.men; k++ {
		c.sq[k] = q.sq[e.order[k]]
	}
	if e.swapped {
		for k := 0; k < e.men; k++ {
			c.sq[k] ^= 56
		}
		c.stm = 1 - q.stm
	}
	return e.table.at(e.layout.canon(&c))
}

// childOf is the signature and position after a move that leaves the
// table: piece captured (−1: none) is gone and piece a, when promoted is
// not −1, has become that kind. Each side's pieces stay in the
// signature's order (kings first, then by kind).
func childOf(l *layout, q pos, a, captured, promoted int) (Signature, pos) {
	var men [2][]man
	for i := 0; i < l.men; i++ {
		if i == captured {
			continue
		}
		k := l.kind[i]
		if i == a && promoted >= 0 {
			k = promoted
		}
		men[l.side[i]] = append(men[l.side[i]], man{k, q.sq[i]})
	}
	ns, np := arrange(men)
	np.stm = q.stm
	return ns, np
}
