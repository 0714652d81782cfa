package tablebase

import (
	"sync"

	"kibitz/engine/board"
)

// A Canonicalizer gives the canonical entries of positions (as Canonical
// does) without allocating once it knows their material: what a model
// consulted at every node of a search needs. Safe for concurrent use.
type Canonicalizer struct {
	mu    sync.RWMutex
	forms map[int]*canonicalForm // by white and black material keys
}

// canonicalForm is what a material needs: the canonical signature's
// layout, and whether the colours swap to reach it.
type canonicalForm struct {
	l       layout
	swapped bool
}

// NewCanonicalizer returns an empty Canonicalizer.
func NewCanonicalizer() *Canonicalizer { return &Canonicalizer{forms: map[int]*canonicalForm{}} }

// Entry returns the canonical entry of a position (its WDL 0); ok is false
// where Canonical would fail (more than MaxMen men, castling rights, bare
// kings, more than two pieces of a kind).
func (c *Canonicalizer) Entry(b *board.Position) (e Entry, ok bool) {
	n := b.Occupied().Count()
	if n > maxMen || n < 3 || b.Castling() != 0 {
		return e, false
	}
	wk, bk, ok := MaterialKeys(b)
	if !ok {
		return e, false
	}
	key := wk*materials + bk
	c.mu.RLock()
	f := c.forms[key]
	c.mu.RUnlock()
	if f == nil {
		s, _, err := fromBoard(b)
		if err != nil {
			return e, false
		}
		cs, swapped := s.canonical()
		f = &canonicalForm{l: newLayout(cs), swapped: swapped}
		c.mu.Lock()
		c.forms[key] = f
		c.mu.Unlock()
	}
	white, p := board.White, pos{}
	if b.SideToMove() == board.Black {
		p.stm = 1
	}
	if f.swapped {
		white, p.stm = board.Black, 1-p.stm
	}
	i := 0
	for _, side := range []board.Color{white, white.Other()} {
		for _, ty := range []board.PieceType{board.King, board.Queen, board.Rook, board.Bishop, board.Knight, board.Pawn} {
			for bb := b.Pieces(side, ty); bb != 0; {
				sq := bb.PopFirst()
				if f.swapped {
					sq ^= 56
				}
				p.sq[i] = sq
				i++
			}
		}
	}
	if ep := b.EnPassant(); ep != board.NoSquare {
		pawn := ep ^ 8 // the square the pawn crossed is behind it
		if f.swapped {
			pawn ^= 56
		}
		f.l.openEnPassant(&p, pawn)
	}
	return f.l.entry(f.l.decode(f.l.canon(&p)), 0), true
}
