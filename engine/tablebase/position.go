package tablebase

import (
	"fmt"
	"sort"
	"strings"

	"kibitz/engine/board"
)

// Piece kinds, by value; the king is always there.
const (
	king = iota
	queen
	rook
	bishop
	knight
	pawn
)

var letters = "KQRBNP"

// Signature is a material balance: White's pieces and Black's, kings
// first, then by value (KQvKR is White king and queen against Black king
// and rook).
type Signature struct {
	White, Black []int
}

// ParseSignature reads "KQvKR", "KBNvK", "KPvKP"… (each side's king first).
func ParseSignature(s string) (Signature, error) {
	w, b, ok := strings.Cut(strings.ToUpper(strings.TrimSpace(s)), "V")
	if !ok {
		return Signature{}, fmt.Errorf("material %q: want two sides like KQvKR", s)
	}
	side := func(t string) ([]int, error) {
		if !strings.HasPrefix(t, "K") {
			return nil, fmt.Errorf("material %q: each side starts with its king", s)
		}
		out := []int{king}
		var count [6]int
		for _, c := range t[1:] {
			i := strings.IndexRune(letters[1:], c)
			if i < 0 {
				return nil, fmt.Errorf("material %q: %q is not Q, R, B, N or P", s, c)
			}
			if count[i+1]++; count[i+1] > 2 {
				return nil, fmt.Errorf("material %q: at most two of a kind per side", s)
			}
			out = append(out, i+1)
		}
		sort.Ints(out[1:])
		return out, nil
	}
	sig := Signature{}
	var err error
	if sig.White, err = side(w); err != nil {
		return sig, err
	}
	if sig.Black, err = side(b); err != nil {
		return sig, err
	}
	if n := sig.Men(); n > maxMen {
		return sig, fmt.Errorf("material %q: %d men, at most %d", s, n, maxMen)
	}
	return sig, nil
}

// maxMen bounds the tables this package builds: a 5-man table has
// 10·64⁴·2 entries without pawns (335 M) and 32·64⁴·2 with them (1.07 G,
// twice that when both sides have pawns), a few bytes each while it is
// generated. kibitz tb gen --men stops at 4; the 5-man tables are made
// one by one with --tables.
const maxMen = 5

// Men counts the pieces, kings included.
func (s Signature) Men() int { return len(s.White) + len(s.Black) }

func (s Signature) String() string {
	var b strings.Builder
	for _, p := range s.White {
		b.WriteByte(letters[p])
	}
	b.WriteByte('v')
	for _, p := range s.Black {
		b.WriteByte(letters[p])
	}
	return b.String()
}

// sideValue orders sides: more and bigger pieces are stronger.
func sideValue(ps []int) int {
	v := 0
	for _, p := range ps[1:] {
		v += [...]int{0, 900, 500, 330, 320, 100}[p]
	}
	return v
}

// canonical returns the signature with the stronger side as White, and
// whether the colours were swapped to get it.
func (s Signature) canonical() (Signature, bool) {
	if sideValue(s.Black) > sideValue(s.White) {
		return Signature{White: s.Black, Black: s.White}, true
	}
	return s, false
}

// pos is a position of a table: the squares of the pieces in the
// signature's order (White's then Black's), the side to move (0 White)
// and, when an en passant capture is open, the pawn that has just pushed
// two squares past a pawn of the side to move (its index; 0, the White
// king's, for none). The pawn is named, not just the capture's being
// open: with two pawns a side, two of them can stand where a double push
// leaves them, and which one moved decides what can be taken.
type pos struct {
	sq     [maxMen]board.Square
	stm    int
	pushed int
}

// attacks is what a piece of kind p on s attacks with occupancy occ.
func attacks(p int, s board.Square, occ board.Bitboard) board.Bitboard {
	switch p {
	case king:
		return board.KingAttacks(s)
	case queen:
		return board.QueenAttacks(s, occ)
	case rook:
		return board.RookAttacks(s, occ)
	case bishop:
		return board.BishopAttacks(s, occ)
	}
	return board.KnightAttacks(s)
}

// man is one piece of a position: its kind and its square.
type man struct {
	kind int
	sq   board.Square
}

// arrange puts each side's men in the order of a signature (by kind) and
// returns the signature with the squares in that order: the one place
// that decides which index a position's men take.
func arrange(men [2][]man) (Signature, pos) {
	var s Signature
	var p pos
	n := 0
	for c := range men {
		ps := men[c]
		sort.SliceStable(ps, func(i, j int) bool { return ps[i].kind < ps[j].kind })
		for _, x := range ps {
			if c == 0 {
				s.White = append(s.White, x.kind)
			} else {
				s.Black = append(s.Black, x.kind)
			}
			p.sq[n] = x.sq
			n++
		}
	}
	return s, p
}

// forward is the step of side c's pawns; startRank and lastRank are the
// ranks (0–7) its pawns start on and promote on.
func forward(c int) int { return 8 - 16*c }

func startRank(c int) int { return 1 + 5*c }

func lastRank(c int) int { return 7 - 7*c }

func rankOf(s board.Square) int { return int(s) >> 3 }
