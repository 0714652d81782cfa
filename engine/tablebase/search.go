package tablebase

import (
	"kibitz/engine/board"
)

// MaxMen is the most men a table here holds.
const MaxMen = maxMen

// CommonMen is the most men of the tables every front end may ask for
// (kibitz tb gen --men, the page's fetches): all endings up to four men
// are small; a 5-man table (hundreds of MB) is used only where one has
// been made and loaded.
const CommonMen = 4

// ProbeWDL looks up, without allocating and without generating anything,
// the result for the side to move of a position of at most MaxMen men
// whose table the set holds closed (closure.go): +1 win, 0 draw, −1 loss.
// ok is false when there is no such table, or when castling is still
// allowed (the tables leave it out).
func (set *Set) ProbeWDL(b *board.Position) (wdl int, ok bool) {
	t, p, ok := set.tableOf(b)
	if !ok || !t.closed {
		return 0, false
	}
	r, _ := t.at(t.layout.canon(&p))
	return wdlOf(r), true
}

// tableOf finds the set's table of a position and the position in the
// table's terms, without allocating.
func (set *Set) tableOf(b *board.Position) (*Table, pos, bool) {
	var p pos
	if b.Occupied().Count() > maxMen || b.Castling() != 0 {
		return nil, p, false // castling is not in the tables
	}
	wk, ok1 := materialKey(b, board.White)
	bk, ok2 := materialKey(b, board.Black)
	if !ok1 || !ok2 {
		return nil, p, false
	}
	white, stm := board.White, 0
	if b.SideToMove() == board.Black {
		stm = 1
	}
	t := set.byKey[wk*materials+bk]
	if t == nil {
		// The other orientation: Black's pieces become White's.
		if t = set.byKey[bk*materials+wk]; t == nil {
			return nil, p, false
		}
		white, stm = board.Black, 1-stm
	}
	n := 0
	for _, c := range []board.Color{white, white.Other()} {
		for _, ty := range []board.PieceType{board.King, board.Queen, board.Rook, board.Bishop, board.Knight, board.Pawn} {
			for bb := b.Pieces(c, ty); bb != 0; {
				sq := bb.PopFirst()
				if white == board.Black {
					sq ^= 56
				}
				p.sq[n] = sq
				n++
			}
		}
	}
	p.stm = stm
	if len(t.entries) == 0 || n != t.layout.men {
		return nil, p, false
	}
	if ep := b.EnPassant(); ep != board.NoSquare {
		pawn := ep ^ 8 // the square the pawn crossed is behind it
		if white == board.Black {
			pawn ^= 56
		}
		t.layout.openEnPassant(&p, pawn)
	}
	return t, p, true
}

// DTM is the distance to mate in plies of a position in the set's
// tables, closed or not, with ok false when there is none (allocates; for
// the root and for display).
func (set *Set) DTM(b *board.Position) (wdl, dtm int, ok bool) {
	if _, _, ok := set.tableOf(b); !ok {
		return 0, 0, false
	}
	s, p, err := fromBoard(b)
	if err != nil {
		return 0, 0, false
	}
	r, d := set.value(s, p)
	return wdlOf(r), int(d), true
}

// Missing names a table a position needs when it is an ending the tables
// cover (three or four men) that the set cannot use yet: its own table,
// or one its table leads to (closure.go); "" when there is none to add.
// Adding the tables it names, one after the other, makes the position's
// table usable.
func (set *Set) Missing(b *board.Position) string {
	if n := b.Occupied().Count(); n < 3 || n > CommonMen {
		return ""
	}
	s, _, err := fromBoard(b)
	if err != nil {
		return ""
	}
	c, _ := s.canonical()
	if drawnByRule(c) {
		return ""
	}
	set.mu.Lock()
	defer set.mu.Unlock()
	return set.missingFor(c)
}

// MissingAll names every table a position needs that the set lacks: its
// own table and those it leads to, in an order in which they can be
// added; none when the set can already use the position's table.
func (set *Set) MissingAll(b *board.Position) []string {
	first := set.Missing(b)
	if first == "" {
		return nil
	}
	s, _, _ := fromBoard(b) // Missing has checked it
	c, _ := s.canonical()
	set.mu.Lock()
	defer set.mu.Unlock()
	var out []string
	set.collectMissing(c, map[string]bool{}, &out)
	return out
}

// collectMissing adds to out the tables of s's closure that the set lacks,
// the ones a table leads to before it.
func (set *Set) collectMissing(s Signature, seen map[string]bool, out *[]string) {
	name := s.String()
	if seen[name] {
		return
	}
	seen[name] = true
	t, ok := set.tables[name]
	if ok && t.closed {
		return
	}
	for _, e := range exitSignatures(s) {
		set.collectMissing(e, seen, out)
	}
	if !ok {
		*out = append(*out, name)
	}
}
