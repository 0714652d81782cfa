package tablebase

import "kibitz/engine/board"

// The index: White's king on one of the squares below, then every other
// piece on one of 64 squares, then the side to move. Without pawns the
// board's eight symmetries bring White's king into the a1–d1–d4 triangle;
// pawns move one way, so only the mirror a↔h is left, and the king stands
// on files a–d. A pawn never stands on the first or the last rank, so
// those squares are free to say something else: a pawn that has just
// pushed two squares, with an en passant capture open against it, is
// indexed on its own side's first rank, on its file (epMarker) — the
// positions with a capture open take no entries of their own.
var triangle = kingSquares(func(f, r int) bool { return f <= 3 && r <= f })

var halfBoard = kingSquares(func(f, _ int) bool { return f <= 3 })

func kingSquares(in func(file, rank int) bool) (t [64]int8) {
	n := int8(0)
	for s := 0; s < 64; s++ {
		t[s] = -1
		if in(s&7, s>>3) {
			t[s] = n
			n++
		}
	}
	return
}

// symTable[k][s] is symmetry(s, k), looked up in the generator's
// innermost loops.
var symTable = func() (t [8][64]board.Square) {
	for k := range t {
		for s := range t[k] {
			t[k][s] = symmetry(board.Square(s), k)
		}
	}
	return
}()

// triangleSquares[n] and halfBoardSquares[n] are the squares numbered n
// by the two king indexes.
var triangleSquares, halfBoardSquares = squaresOf(&triangle), squaresOf(&halfBoard)

func squaresOf(index *[64]int8) (t [64]board.Square) {
	for s, n := range index {
		if n >= 0 {
			t[n] = board.Square(s)
		}
	}
	return
}

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

// kingIndex numbers the squares White's king may have in an index.
func (l *layout) kingIndex() *[64]int8 {
	if l.pawns {
		return &halfBoard
	}
	return &triangle
}

// canon is the index of position p's class: of the symmetries the table
// allows (eight without pawns, the a↔h mirror with), those that bring
// White's king to its squares are tried, twin pieces (two bishops of one
// side) are put in square order, and the smallest index wins. Every member
// of a class gets the same index.
func (l *layout) canon(p *pos) int {
	if k := p.sq[0]; p.pushed == 0 && l.kingIndex()[k] >= 0 && (l.pawns || k&7 != k>>3) {
		// White's king already on its squares, and off the diagonal
		// that a reflection keeps there: no symmetry but the identity
		// brings it to them.
		q := p.sq
		l.orderTwins(&q)
		return l.index(&q, p.stm)
	}
	best := -1
	symmetries := 8
	if l.pawns {
		symmetries = 2
	}
	kings := l.kingIndex()
	marked := l.indexSquares(p)
	for k := 0; k < symmetries; k++ {
		sym := &symTable[k]
		if kings[sym[p.sq[0]]] < 0 {
			continue
		}
		var q [maxMen]board.Square
		for i := 0; i < l.men; i++ {
			q[i] = sym[marked[i]]
		}
		l.orderTwins(&q)
		if i := l.index(&q, p.stm); best < 0 || i < best {
			best = i
		}
	}
	return best
}

// orderTwins puts twin pieces (two rooks of one side) in square order.
func (l *layout) orderTwins(q *[maxMen]board.Square) {
	for i := 1; i+1 < l.men; i++ {
		if l.side[i] == l.side[i+1] && l.kind[i] == l.kind[i+1] && q[i] > q[i+1] {
			q[i], q[i+1] = q[i+1], q[i]
		}
	}
}

// size is the number of entries of the table.
func (l *layout) size() int { return l.entries }

func (l *layout) countEntries() int {
	n := 10 * 2
	if l.pawns {
		n = 32 * 2
	}
	for i := 1; i < l.men; i++ {
		n *= 64
	}
	return n
}

// index of the squares of a position whose White king is on its squares,
// the pushed pawn (if any) already on its marker (indexSquares).
func (l *layout) index(sq *[maxMen]board.Square, stm int) int {
	i := int(l.kingIndex()[sq[0]])
	for k := 1; k < l.men; k++ {
		i = i*64 + int(sq[k])
	}
	return i*2 + stm
}

// indexSquares are p's squares as the index holds them: the pushed pawn
// on its marker.
func (l *layout) indexSquares(p *pos) [maxMen]board.Square {
	sq := p.sq
	if p.pushed != 0 {
		sq[p.pushed] = epMarker(sq[p.pushed], l.side[p.pushed])
	}
	return sq
}

// epMarker is the square that stands in the index for side c's pawn on s
// that has just pushed two squares: s's file on c's first rank.
func epMarker(s board.Square, c int) board.Square {
	return board.Square(int(s)&7 | 56*c)
}

// pushedSquare is where a pawn of side c indexed on marker m stands: its
// fourth rank.
func pushedSquare(m board.Square, c int) board.Square {
	return board.Square(int(m)&7 | (24 + 8*c))
}

func (l *layout) decode(i int) pos {
	var p pos
	p.stm = i & 1
	i >>= 1
	for k := l.men - 1; k >= 1; k-- {
		p.sq[k] = board.Square(i & 63)
		i >>= 6
	}
	if l.pawns {
		p.sq[0] = halfBoardSquares[i]
	} else {
		p.sq[0] = triangleSquares[i]
	}
	if l.ep {
		for k := 1; k < l.men; k++ {
			if l.kind[k] == pawn && rankOf(p.sq[k]) == 7*l.side[k] {
				p.sq[k], p.pushed = pushedSquare(p.sq[k], l.side[k]), k
				break // a second pawn on a marker rank is an illegal entry
			}
		}
	}
	return p
}

// layout describes a signature's pieces in index order: each one's kind
// and side (0 White, 1 Black); kings[c] is the index of side c's king.
// pawns: the table has pawns; ep: both sides have, so en passant can
// happen.
type layout struct {
	kind      [maxMen]int
	side      [maxMen]int
	kings     [2]int
	men       int
	pawns, ep bool
	entries   int // the size of the index
}

func newLayout(s Signature) layout {
	var l layout
	var pawns [2]bool
	for c, ps := range [][]int{s.White, s.Black} {
		l.kings[c] = l.men
		for _, k := range ps {
			l.kind[l.men], l.side[l.men] = k, c
			l.men++
			pawns[c] = pawns[c] || k == pawn
		}
	}
	l.pawns, l.ep = pawns[0] || pawns[1], pawns[0] && pawns[1]
	l.entries = l.countEntries()
	return l
}

// countMovesOnly lets the generator count a position's moves without
// their classes where distinctMoves allows (a variable for the tests).
var countMovesOnly = true

// distinctMoves says whether in position p two moves of the side other
// than still — or two moves back — always reach different classes, so
// that the generator need not work out the classes of p's moves to count
// them. Two such positions in one class are images of each other under a
// symmetry of the table, and side still's king stands on the same square
// in both: a square the symmetry fixes. With pawns the only symmetry is
// the a↔h mirror, which fixes none; without, only the reflections in the
// long diagonals fix squares — those of the diagonal.
func (l *layout) distinctMoves(p *pos, still int) bool {
	if !countMovesOnly {
		return false
	}
	k := p.sq[l.kings[still]]
	return l.pawns || k&7 != k>>3 && k&7+k>>3 != 7
}

// attacksOf is what piece i attacks from s with occupancy occ.
func (l *layout) attacksOf(i int, s board.Square, occ board.Bitboard) board.Bitboard {
	if l.kind[i] == pawn {
		return board.PawnAttacks(board.Color(l.side[i]), s)
	}
	return attacks(l.kind[i], s, occ)
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
		if l.side[i] == c && p.sq[i] != s && l.attacksOf(i, p.sq[i], occ).Has(s) {
			return true
		}
	}
	return false
}
