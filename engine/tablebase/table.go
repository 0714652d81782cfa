package tablebase

import (
	"kibitz/engine/board"
)

// Result codes of an entry, for the side to move.
const (
	unknown uint8 = iota
	illegal
	win
	loss
	draw
)

// Table is one material signature's results: for every legal position
// (White = the signature's first side), win, draw or loss for the side to
// move and, for wins and losses, the distance to mate in plies.
type Table struct {
	Sig    Signature
	res    []uint8
	dtm    []uint8
	layout layout
}

// The index: White's king in the a1–d1–d4 triangle (the board's eight
// symmetries bring it there), then every other piece on one of 64
// squares, then the side to move.
var triangle = func() (t [64]int8) {
	n := int8(0)
	for s := 0; s < 64; s++ {
		t[s] = -1
		if f, r := s&7, s>>3; f <= 3 && r <= f {
			t[s] = n
			n++
		}
	}
	return
}()

// symmetry applies transform k (bit 0: mirror files, bit 1: mirror ranks,
// bit 2: swap files and ranks) to a square.
func symmetry(s board.Square, k int) board.Square {
	f, r := int(s)&7, int(s)>>3
	if k&1 != 0 {
		f = 7 - f
	}
	if k&2 != 0 {
		r = 7 - r
	}
	if k&4 != 0 {
		f, r = r, f
	}
	return board.Square(r*8 + f)
}

// canon is the index of position p's class: of the board's eight
// symmetries, those that bring White's king into the triangle are tried,
// twin pieces (two bishops of one side) are put in square order, and the
// smallest index wins. Every member of a class gets the same index.
func (l *layout) canon(p *pos) int {
	best := -1
	for k := 0; k < 8; k++ {
		if triangle[symmetry(p.sq[0], k)] < 0 {
			continue
		}
		q := *p
		for i := 0; i < l.men; i++ {
			q.sq[i] = symmetry(p.sq[i], k)
		}
		for i := 1; i+1 < l.men; i++ {
			if l.side[i] == l.side[i+1] && l.kind[i] == l.kind[i+1] && q.sq[i] > q.sq[i+1] {
				q.sq[i], q.sq[i+1] = q.sq[i+1], q.sq[i]
			}
		}
		if i := index(&q, l.men); best < 0 || i < best {
			best = i
		}
	}
	return best
}

func tableSize(men int) int {
	n := 10 * 2
	for i := 1; i < men; i++ {
		n *= 64
	}
	return n
}

// index of a position whose White king is in the triangle.
func index(p *pos, men int) int {
	i := int(triangle[p.sq[0]])
	for k := 1; k < men; k++ {
		i = i*64 + int(p.sq[k])
	}
	return i*2 + p.stm
}

func decode(i, men int) pos {
	var p pos
	p.stm = i & 1
	i >>= 1
	for k := men - 1; k >= 1; k-- {
		p.sq[k] = board.Square(i & 63)
		i >>= 6
	}
	for s := 0; s < 64; s++ {
		if int(triangle[s]) == i {
			p.sq[0] = board.Square(s)
		}
	}
	return p
}

// layout describes a signature's pieces in index order: each one's kind
// and side (0 White, 1 Black); kings[c] is the index of side c's king.
type layout struct {
	kind  [maxMen]int
	side  [maxMen]int
	kings [2]int
	men   int
}

func newLayout(s Signature) layout {
	var l layout
	for c, ps := range [][]int{s.White, s.Black} {
		l.kings[c] = l.men
		for _, k := range ps {
			l.kind[l.men], l.side[l.men] = k, c
			l.men++
		}
	}
	return l
}

// occupancy returns all pieces and each side's; ok is false when two
// pieces share a square.
func (l *layout) occupancy(p *pos) (occ board.Bitboard, by [2]board.Bitboard, ok bool) {
	for i := 0; i < l.men; i++ {
		b := p.sq[i].Bit()
		if occ&b != 0 {
			return 0, by, false
		}
		occ |= b
		by[l.side[i]] |= b
	}
	return occ, by, true
}

// attacked says whether side c attacks square s.
func (l *layout) attacked(p *pos, s board.Square, c int, occ board.Bitboard) bool {
	for i := 0; i < l.men; i++ {
		if l.side[i] == c && p.sq[i] != s && attacks(l.kind[i], p.sq[i], occ).Has(s) {
			return true
		}
	}
	return false
}

// legal says whether the side not to move is out of check (and no two
// pieces share a square).
func (l *layout) legal(p *pos) bool {
	occ, _, ok := l.occupancy(p)
	if !ok {
		return false
	}
	them := 1 - p.stm
	return !l.attacked(p, p.sq[l.kings[them]], p.stm, occ)
}
