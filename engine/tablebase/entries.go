package tablebase

import (
	"fmt"
	"strings"

	"kibitz/engine/board"
)

// Man is one piece of a table position as a reader outside the package
// sees it: its side, its kind (KindKing … KindPawn) and its square.
type Man struct {
	Black  bool
	Kind   int
	Square board.Square
}

// Attacks is what the man attacks with occupancy occ.
func (m Man) Attacks(occ board.Bitboard) board.Bitboard {
	if m.Kind == pawn {
		c := board.White
		if m.Black {
			c = board.Black
		}
		return board.PawnAttacks(c, m.Square)
	}
	return attacks(m.Kind, m.Square, occ)
}

// The kinds of Man.Kind, by value.
const (
	KindKing, KindQueen, KindRook, KindBishop, KindKnight, KindPawn = king, queen, rook, bishop, knight, pawn
	Kinds                                                           = 6
)

// Entry is one stored position of a table in its canonical form — the
// stronger side as White, the symmetry the index chose — with its result
// for the side to move (+1 win, 0 draw, −1 loss). It is what a model of
// the table learns from and what it is asked about.
type Entry struct {
	Men         [maxMen]Man
	N           int // men in Men
	BlackToMove bool
	EnPassant   bool // an en passant capture is open
	WDL         int
}

// Size is the number of entries of the table's index, used or not.
func (t *Table) Size() int { return len(t.entries) }

// Entry returns entry i of the table; ok is false for the index's unused
// entries (illegal placements and the non-canonical members of a class).
func (t *Table) Entry(i int) (e Entry, ok bool) {
	if !t.used(i) {
		return e, false
	}
	r, _ := t.at(i)
	return t.layout.entry(t.layout.decode(i), wdlOf(r)), true
}

func (l *layout) entry(p pos, wdl int) Entry {
	e := Entry{N: l.men, BlackToMove: p.stm == 1, EnPassant: p.pushed != 0, WDL: wdl}
	for i := 0; i < l.men; i++ {
		e.Men[i] = Man{Black: l.side[i] == 1, Kind: l.kind[i], Square: p.sq[i]}
	}
	return e
}

// Canonical returns the table and the canonical form of a position of at
// most MaxMen men (its WDL left 0): the entry the table stores for it, so
// that a model trained on Table.Entry sees the position as it learned it.
func Canonical(b *board.Position) (Signature, Entry, error) {
	if b.Castling() != 0 {
		return Signature{}, Entry{}, fmt.Errorf("castling rights: the tables leave castling out")
	}
	s, p, err := fromBoard(b)
	if err != nil {
		return s, Entry{}, err
	}
	if s.Men() < 2 || len(s.White) == 1 && len(s.Black) == 1 {
		return s, Entry{}, fmt.Errorf("bare kings: no table")
	}
	cs, q := orient(s, p)
	l := newLayout(cs)
	return cs, l.entry(l.decode(l.canon(&q)), 0), nil
}

// orient returns the canonical signature of s (the stronger side as White)
// and p in its order: when the colours swap, Black's pieces come first,
// the ranks are mirrored and the other side is to move.
func orient(s Signature, p pos) (Signature, pos) {
	cs, swapped := s.canonical()
	if !swapped {
		return cs, p
	}
	l := newLayout(s)
	q := p
	n := 0
	for c := 1; c >= 0; c-- {
		for i := 0; i < l.men; i++ {
			if l.side[i] == c {
				q.sq[n] = p.sq[i] ^ 56
				if p.pushed == i && i != 0 {
					q.pushed = n
				}
				n++
			}
		}
	}
	q.stm = 1 - p.stm
	return cs, q
}

// fen writes a table position as FEN (no castling; the en passant square
// behind the pawn that has just moved two squares, when one has).
func (l *layout) fen(p pos) string {
	var grid [64]byte
	for i := 0; i < l.men; i++ {
		c := letters[l.kind[i]]
		if l.side[i] == 1 {
			c += 'a' - 'A'
		}
		grid[p.sq[i]] = c
	}
	var fen strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			if c := grid[r*8+f]; c != 0 {
				if empty > 0 {
					fen.WriteByte(byte('0' + empty))
					empty = 0
				}
				fen.WriteByte(c)
			} else {
				empty++
			}
		}
		if empty > 0 {
			fen.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			fen.WriteByte('/')
		}
	}
	fen.WriteString([]string{" w - ", " b - "}[p.stm])
	if p.pushed != 0 {
		v := p.sq[p.pushed]
		fen.WriteString(board.Square(int(v) - forward(1-p.stm)).String())
	} else {
		fen.WriteString("-")
	}
	fen.WriteString(" 0 1")
	return fen.String()
}
