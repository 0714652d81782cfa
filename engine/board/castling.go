package board

import (
	"fmt"
	"strings"
)

// Castling in standard chess and in Chess960 (Fischer random chess) follows
// one rule: the king ends on the g- or c-file and the rook beside it on the
// f- or d-file, whatever files they started from; every square either
// crosses, and their destinations, must be empty but for the two, and no
// square the king crosses or lands on may be attacked. Standard chess is
// the case of a king on e1/e8 and rooks on a- and h-files. What changes
// between positions — which rook belongs to which right — is set once when
// the position is set up (a FEN) and never changes in a game, so it lives
// in castlingSetup, computed then.

// castlingSetup is what castling needs beyond the rights themselves, for
// each right i (the bit position of WhiteKingside, WhiteQueenside,
// BlackKingside, BlackQueenside).
type castlingSetup struct {
	rook  [4]Square        // the right's rook at the start of the game
	empty [4]Bitboard      // squares that must be empty: all the two cross or land on, but the two
	path  [4]Bitboard      // squares the king crosses or lands on, none of which may be attacked
	keep  [64]CastleRights // the rights that survive a move from or to each square
}

// standardCastling is the setup of standard chess.
var standardCastling = func() castlingSetup {
	var s castlingSetup
	s.set([2]Square{E1, E1 + 56}, [4]Square{H1, A1, H1 + 56, A1 + 56})
	return s
}()

// set fills the setup for kings on kings[colour] and each right's rook on
// rooks[i] (NoSquare for a right the position does not have).
func (s *castlingSetup) set(kings [2]Square, rooks [4]Square) {
	for i := range s.keep {
		s.keep[i] = AllCastling
	}
	s.rook = rooks
	for i, rook := range rooks {
		s.empty[i], s.path[i] = 0, 0
		if rook == NoSquare {
			continue
		}
		c := Color(i >> 1)
		king, kingTo, rookTo := kings[c], castleKingTarget(i), castleRookTarget(i)
		s.keep[king] &^= (WhiteKingside | WhiteQueenside) << (2 * uint(c))
		s.keep[rook] &^= 1 << uint(i)
		s.path[i] = betweenOnRank(king, kingTo) | kingTo.Bit()
		s.empty[i] = (s.path[i] | betweenOnRank(rook, rookTo) | rookTo.Bit()) &^ (king.Bit() | rook.Bit())
	}
}

// betweenOnRank is the squares strictly between a and b on their rank
// (empty when they are equal or neighbours). It reads no table, so that
// standardCastling can be built while the package's variables are.
func betweenOnRank(a, b Square) Bitboard {
	var bb Bitboard
	for sq := min(a, b) + 1; sq < max(a, b); sq++ {
		bb |= sq.Bit()
	}
	return bb
}

// castleKingTarget and castleRookTarget are where the king and the rook of
// right i end: g1 and f1 kingside, c1 and d1 queenside, on the eighth rank
// for Black.
func castleKingTarget(i int) Square { return [4]Square{G1, C1, G1 + 56, C1 + 56}[i] }
func castleRookTarget(i int) Square { return [4]Square{F1, D1, F1 + 56, D1 + 56}[i] }

// castleRight is the index of the right a castling move of colour c and
// kind k uses.
func castleRight(c Color, k MoveKind) int {
	return 2*int(c) + int(k-CastleKingside)
}

// genCastling adds the castling moves of us, not in check, by the rule at
// the top of this file. The path is tested with the castling rook lifted
// off the board: in Chess960 it may be what shielded the king's
// destination from a rook or queen behind it.
func (p *Position) genCastling(l *MoveList, us Color, occ Bitboard) {
	them := us ^ 1
	ksq := (p.byType[King] & p.byColor[us]).First()
	for i := 2 * int(us); i < 2*int(us)+2; i++ {
		if p.castle&(1<<uint(i)) == 0 || occ&p.castling.empty[i] != 0 {
			continue
		}
		rook, safe := p.castling.rook[i], true
		for b := p.castling.path[i]; b != 0 && safe; {
			safe = !p.attacked(b.PopFirst(), them, occ&^rook.Bit())
		}
		if !safe {
			continue
		}
		to := castleKingTarget(i)
		if p.chess960 {
			to = rook
		}
		l.add(NewMove(ksq, to, CastleKingside+MoveKind(i&1)))
	}
}

// castleSquares returns where the king and rook of castling move m (by
// colour c) start and end.
func (p *Position) castleSquares(m Move, c Color) (kingFrom, kingTo, rookFrom, rookTo Square) {
	i := castleRight(c, m.Kind())
	return m.From() & 63, castleKingTarget(i), p.castling.rook[i], castleRookTarget(i)
}

// makeCastle moves king and rook for MakeMove and returns the key's change.
func (p *Position) makeCastle(m Move, c Color) uint64 {
	kingFrom, kingTo, rookFrom, rookTo := p.castleSquares(m, c)
	p.shiftCastlers(c, kingFrom, kingTo, rookFrom, rookTo)
	king, rook := MakePiece(c, King), MakePiece(c, Rook)
	return zobristPiece[king][kingFrom] ^ zobristPiece[king][kingTo] ^ zobristPiece[rook][rookFrom] ^ zobristPiece[rook][rookTo]
}

// unmakeCastle undoes makeCastle: the same shift, back.
func (p *Position) unmakeCastle(m Move, c Color) {
	kingFrom, kingTo, rookFrom, rookTo := p.castleSquares(m, c)
	p.shiftCastlers(c, kingTo, kingFrom, rookTo, rookFrom)
}

// shiftCastlers moves c's king and rook. Both leave their squares before
// either arrives: in Chess960 the king may land where the rook stood, or
// not move at all.
func (p *Position) shiftCastlers(c Color, kingFrom, kingTo, rookFrom, rookTo Square) {
	king, rook := MakePiece(c, King), MakePiece(c, Rook)
	p.toggle(king, kingFrom)
	p.toggle(rook, rookFrom)
	p.squares[kingFrom], p.squares[rookFrom] = NoPiece, NoPiece
	p.toggle(king, kingTo)
	p.toggle(rook, rookTo)
	p.squares[kingTo], p.squares[rookTo] = king, rook
}

// parseCastling reads a FEN's castling field: "-", or letters among KQkq
// (standard FEN and X-FEN: the outermost rook on that side of the king) and
// A–H, a–h (Shredder-FEN and X-FEN: the rook on that file), capitals for
// White. Under standard rules the rights must be those of standard chess
// (king on e1/e8, rooks on a/h files, with either spelling); under
// Chess960 any king between its rooks on its first rank will do.
func (p *Position) parseCastling(s string, chess960 bool) error {
	p.castle = 0
	p.castling = standardCastling
	if s == "-" {
		return nil
	}
	if !chess960 {
		return p.parseStandardCastling(s)
	}
	rooks := [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}
	kings := [2]Square{NoSquare, NoSquare}
	for _, r := range s {
		c, letter := White, r
		if r >= 'a' && r <= 'z' {
			c, letter = Black, r-'a'+'A'
		}
		back := 0
		if c == Black {
			back = 7
		}
		if letter != 'K' && letter != 'Q' && (letter < 'A' || letter > 'H') {
			return fmt.Errorf("castling field %q: %q is not one of KQkq or a file letter A–H, a–h", s, r)
		}
		king := p.KingSquare(c)
		if king.Rank() != back {
			return fmt.Errorf("castling field %q: %q needs the %v king on its first rank", s, r, c)
		}
		kings[c] = king
		rook, err := p.castlingRookFor(letter, c, king, back)
		if err != nil {
			return fmt.Errorf("castling field %q: %q %v", s, r, err)
		}
		i := 2 * int(c)
		if rook.File() < king.File() {
			i++
		}
		if rooks[i] != NoSquare {
			return fmt.Errorf("castling field %q gives %v two rights on one side", s, c)
		}
		rooks[i] = rook
		p.castle |= 1 << uint(i)
	}
	p.castling.set(kings, rooks)
	return nil
}

// parseStandardCastling reads the castling field of a standard position:
// KQkq, or the same rights by the rooks' files (HAha).
func (p *Position) parseStandardCastling(s string) error {
	for _, r := range s {
		i := strings.IndexRune("KQkqHAha", r) % 4
		if i < 0 {
			if strings.ContainsRune("BCDEFGbcdefg", r) {
				return fmt.Errorf("castling field %q: %q names a rook only Chess960 castles with (UCI_Chess960)", s, r)
			}
			return fmt.Errorf("castling field %q: %q is not one of KQkq", s, r)
		}
		right := CastleRights(1) << uint(i)
		if p.castle&right != 0 {
			return fmt.Errorf("castling field %q repeats %q", s, r)
		}
		p.castle |= right
		c, king, rook := Color(i>>1), E1+Square(56*(i>>1)), p.castling.rook[i]
		if p.squares[king] != MakePiece(c, King) || p.squares[rook] != MakePiece(c, Rook) {
			hint := ""
			if p.squares[king] != MakePiece(c, King) && p.KingSquare(c).Rank() == king.Rank() {
				hint = " (a Chess960 position needs Chess960 rules: UCI_Chess960)"
			}
			return fmt.Errorf("castling right %v needs the %v king on %v and a rook on %v%s", right, c, king, rook, hint)
		}
	}
	return nil
}

// castlingRookFor finds the rook a castling letter names for colour c with
// its king on king: K and Q the outermost rook on that side, a file letter
// the rook on that file.
func (p *Position) castlingRookFor(letter rune, c Color, king Square, back int) (Square, error) {
	rook := MakePiece(c, Rook)
	switch letter {
	case 'K':
		for f := 7; f > king.File(); f-- {
			if sq := MakeSquare(f, back); p.squares[sq] == rook {
				return sq, nil
			}
		}
		return NoSquare, fmt.Errorf("needs a %v rook on the king's right", c)
	case 'Q':
		for f := 0; f < king.File(); f++ {
			if sq := MakeSquare(f, back); p.squares[sq] == rook {
				return sq, nil
			}
		}
		return NoSquare, fmt.Errorf("needs a %v rook on the king's left", c)
	}
	sq := MakeSquare(int(letter-'A'), back)
	if p.squares[sq] != rook {
		return NoSquare, fmt.Errorf("names %v, where there is no %v rook", sq, c)
	}
	if sq == king {
		return NoSquare, fmt.Errorf("names the king's own file")
	}
	return sq, nil
}

// castlingField writes the FEN's castling field: KQkq in standard chess;
// in Chess960 X-FEN — KQkq for the outermost rook on its side, its file
// letter for an inner one — which reads as standard FEN for standard
// positions and is what GUIs write.
func (p *Position) castlingField() string {
	if !p.chess960 || p.castle == 0 {
		return p.castle.String()
	}
	var b strings.Builder
	for i := range 4 {
		if p.castle&(1<<uint(i)) == 0 {
			continue
		}
		c, rook := Color(i>>1), p.castling.rook[i]
		letter := byte("KQkq"[i])
		outer := MakeSquare(7, rook.Rank())
		step := -1
		if i&1 == 1 {
			outer, step = MakeSquare(0, rook.Rank()), 1
		}
		for sq := outer; sq != rook; sq += Square(step) {
			if p.squares[sq] == MakePiece(c, Rook) {
				letter = byte('A' + rook.File())
				if c == Black {
					letter += 'a' - 'A'
				}
				break
			}
		}
		b.WriteByte(letter)
	}
	return b.String()
}

// Chess960StartFEN returns the FEN of Chess960 start position n (0–959) in
// the standard numbering, where 518 is the standard start: n mod 4 places
// the light-squared bishop (b, d, f or h file), the next base-4 digit the
// dark-squared one (a, c, e, g), the next base-6 digit the queen on the
// free squares left to right, the base-10 rest the two knights (one of the
// ten pairs of the five free squares), and the rook, king, rook fill the
// last three squares in that order. Black mirrors White.
func Chess960StartFEN(n int) (string, error) {
	if n < 0 || n > 959 {
		return "", fmt.Errorf("Chess960 position %d is out of range 0..959", n)
	}
	var rank [8]byte
	rank[2*(n%4)+1] = 'B'
	n /= 4
	rank[2*(n%4)] = 'B'
	n /= 4
	free := func() []int {
		var f []int
		for i, c := range rank {
			if c == 0 {
				f = append(f, i)
			}
		}
		return f
	}
	rank[free()[n%6]] = 'Q'
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	f := free()
	rank[f[knights[0]]], rank[f[knights[1]]] = 'N', 'N'
	f = free()
	rank[f[0]], rank[f[1]], rank[f[2]] = 'R', 'K', 'R'
	white := string(rank[:])
	return strings.ToLower(white) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1", nil
}
