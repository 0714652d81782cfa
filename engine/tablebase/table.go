package tablebase

import (
	"fmt"
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
	Sig Signature
	// entries holds one byte per index entry in the file's encoding
	// (encodeEntry): in memory, or mapped from the file, so that tables far
	// larger than the memory can be probed.
	entries []byte
	layout  layout
	closed  bool  // every table it leads to is in the set with it (closure.go)
	err     error // a value the encoding cannot hold (see Err)
}

// at is entry i's result code and plies to mate, for a position of the
// table (unused entries read as draws: see used).
func (t *Table) at(i int) (uint8, uint8) { return decodeEntry(t.entries[i]) }

// used says whether entry i is a position of the table: a legal
// placement and the index of its class.
func (t *Table) used(i int) bool {
	if t.entries[i] != 0 {
		return true // only positions have results
	}
	p := t.layout.decode(i)
	return t.layout.legal(&p) && t.layout.canon(&p) == i
}

// Err reports a table whose generation found a distance to mate the file
// encoding cannot hold (a win over 255 plies or a loss over 250); nil for
// every table so far. Such a table must not be trusted.
func (t *Table) Err() error { return t.err }

// openEnPassant names the pawn on s, of the side not to move in p, as the
// one that has just pushed two squares — a board's en passant square says
// so — when the table holds en passant and a capture of it is legal.
func (l *layout) openEnPassant(p *pos, s board.Square) {
	if !l.ep {
		return
	}
	for k := 1; k < l.men; k++ {
		if l.kind[k] == pawn && l.side[k] != p.stm && p.sq[k] == s {
			if p.pushed = k; !l.legal(p) {
				p.pushed = 0
			}
			return
		}
	}
}

// legal says whether the side not to move is out of check, no two pieces
// share a square, no pawn stands on the first or last rank, and an en
// passant capture said to be open is one: the side not to move's pawn on
// its fourth rank, the two squares it crossed empty, and a capture of it
// legal.
func (l *layout) legal(p *pos) bool {
	occ, _, ok := l.occupancy(p)
	if !ok {
		return false
	}
	for i := 0; i < l.men; i++ {
		if r := p.sq[i] >> 3; l.kind[i] == pawn && (r == 0 || r == 7) {
			return false
		}
	}
	them := 1 - p.stm
	if l.attacked(p, p.sq[l.kings[them]], p.stm, occ) {
		return false
	}
	if p.pushed == 0 {
		return true
	}
	v, c := p.pushed, 1-p.stm
	if l.kind[v] != pawn || l.side[v] != c || p.sq[v] != pushedSquare(p.sq[v], c) {
		return false
	}
	crossed := board.Square(int(p.sq[v]) - forward(c))
	if occ.Has(crossed) || occ.Has(board.Square(int(crossed)-forward(c))) {
		return false
	}
	return l.epOpen(p)
}

// encodeEntry is the file's byte of a result code and plies to mate.
func encodeEntry(r, d uint8) (byte, error) {
	switch r {
	case win:
		if d%2 != 1 || d > 253 {
			return 0, fmt.Errorf("win in %d plies cannot be stored", d)
		}
		return (d + 1) / 2, nil
	case loss:
		if d%2 != 0 || d > 254 {
			return 0, fmt.Errorf("loss in %d plies cannot be stored", d)
		}
		return 128 + d/2, nil
	}
	return 0, nil
}

// decodeEntry is the result code and plies to mate of a file's byte, for
// a position of the table (an unused entry reads as a draw).
func decodeEntry(b byte) (uint8, uint8) {
	switch {
	case b == 0:
		return draw, 0
	case b < 128:
		return win, 2*b - 1
	}
	return loss, 2 * (b - 128)
}

// fromBoard reads a position of at most maxMen men without castling
// rights into a signature and squares.
func fromBoard(b *board.Position) (Signature, pos, error) {
	var s Signature
	var p pos
	if n := b.Occupied().Count(); n > maxMen {
		return s, p, fmt.Errorf("%d men: the tables go up to %d", n, maxMen)
	}
	kinds := map[board.PieceType]int{board.King: king, board.Queen: queen, board.Rook: rook, board.Bishop: bishop, board.Knight: knight, board.Pawn: pawn}
	var men [2][]man
	for c, side := range []board.Color{board.White, board.Black} {
		for occ := b.ColorBB(side); occ != 0; {
			sq := occ.PopFirst()
			men[c] = append(men[c], man{kinds[b.PieceAt(sq).Type()], sq})
		}
	}
	s, p = arrange(men)
	if b.SideToMove() == board.Black {
		p.stm = 1
	}
	if ep := b.EnPassant(); ep != board.NoSquare {
		l := newLayout(s)
		l.openEnPassant(&p, ep^8) // the square the pawn crossed is behind it
	}
	return s, p, nil
}

func wdlOf(r uint8) int {
	switch r {
	case win:
		return 1
	case loss:
		return -1
	}
	return 0
}
