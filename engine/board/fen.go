package board

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"kibitz/internal/excerpt"
)

// ErrInvalidFEN is wrapped by every error ParseFEN returns.
var ErrInvalidFEN = errors.New("invalid FEN")

// maxFENLength bounds the input so that absurd strings fail fast.
const maxFENLength = 256

// ParseFEN reads a position in Forsyth–Edwards Notation. The halfmove clock
// and fullmove number may be omitted together (EPD style); they default to
// 0 and 1. The position must be one that can arise in a game as far as the
// rules can tell cheaply: one king each, no pawns on the first or last
// rank, castling rights backed by king and rook on their squares, a
// consistent en-passant square, and the side not to move not in check.
func ParseFEN(fen string) (*Position, error) { return Standard.ParseFEN(fen) }

// Rules are the rules a position is played under: standard chess or
// Chess960, whose positions castle by the same rule from other squares
// and write castling as the king taking its own rook (castling.go).
type Rules uint8

// The rules Kibitz plays.
const (
	Standard Rules = iota
	Chess960
)

// ParseFEN reads a position under rules r: as ParseFEN does, and under
// Chess960 with castling fields in Shredder-FEN (HAha) and X-FEN as well.
func (r Rules) ParseFEN(fen string) (*Position, error) {
	p := &Position{history: make([]undo, 0, 256), chess960: r == Chess960}
	if err := p.parseFEN(fen); err != nil {
		return nil, fmt.Errorf("%w %q: %v", ErrInvalidFEN, excerpt.Of(fen), err)
	}
	p.key = p.computeKey()
	return p, nil
}

// RulesOf returns the rules a FEN's castling rights call for: Chess960 when
// only Chess960 reads them (a right with its king off the e-file or its rook
// off the corner, in X-FEN or Shredder-FEN), else Standard. A front end with
// no Chess960 switch of its own (the browser's worker) plays a Chess960 game
// from its FEN alone by it; a position with standard chess's rights, or
// none, plays the same under either rules but for how castling is written.
func RulesOf(fen string) Rules {
	if _, err := Standard.ParseFEN(fen); err != nil {
		if _, err := Chess960.ParseFEN(fen); err == nil {
			return Chess960
		}
	}
	return Standard
}

func (p *Position) parseFEN(fen string) error {
	if len(fen) > maxFENLength {
		return fmt.Errorf("longer than %d bytes", maxFENLength)
	}
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return fmt.Errorf("has %d fields, want 6 (or 4 without the clocks)", len(fields))
	}
	if err := p.parsePlacement(fields[0]); err != nil {
		return err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return fmt.Errorf("side to move %q is neither w nor b", fields[1])
	}
	if err := p.parseCastling(fields[2], p.chess960); err != nil {
		return err
	}
	if err := p.parseEnPassant(fields[3]); err != nil {
		return err
	}
	p.halfmove, p.fullmove = 0, 1
	if len(fields) == 6 {
		var err error
		if p.halfmove, err = parseClock(fields[4], "halfmove clock", 0); err != nil {
			return err
		}
		// Many tools write a fullmove number of 0 for "unknown"; read it as 1.
		if p.fullmove, err = parseClock(fields[5], "fullmove number", 0); err != nil {
			return err
		}
		p.fullmove = max(p.fullmove, 1)
	}
	return p.validate()
}

// maxClock bounds both clocks of a FEN; FEN prints larger values (reached
// by playing on from a FEN at the bound) as maxClock, so that whatever it
// prints parses.
const maxClock = 100000

func parseClock(s, name string, min int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < min || n > maxClock {
		return 0, fmt.Errorf("%s %q is not an integer in %d..%d", name, s, min, maxClock)
	}
	return n, nil
}

func (p *Position) parsePlacement(s string) error {
	for i := range p.squares {
		p.squares[i] = NoPiece
	}
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("placement has %d ranks, want 8", len(ranks))
	}
	for i, r := range ranks {
		rank := 7 - i
		file, prevDigit := 0, false
		for _, c := range r {
			digit := c >= '1' && c <= '8'
			if digit && prevDigit {
				return fmt.Errorf("rank %d has two digits in a row", rank+1)
			}
			prevDigit = digit
			if digit {
				file += int(c - '0')
			} else {
				idx := strings.IndexRune(pieceLetters, c)
				if idx < 0 {
					return fmt.Errorf("rank %d: %q is not a piece letter", rank+1, c)
				}
				if file < 8 {
					p.put(Piece(idx), MakeSquare(file, rank))
				}
				file++
			}
			if file > 8 {
				return fmt.Errorf("rank %d has more than 8 squares", rank+1)
			}
		}
		if file != 8 {
			return fmt.Errorf("rank %d has %d squares, want 8", rank+1, file)
		}
	}
	return nil
}

func (p *Position) parseEnPassant(s string) error {
	p.ep = NoSquare
	if s == "-" {
		return nil
	}
	sq, ok := ParseSquare(s)
	if !ok {
		return fmt.Errorf("en-passant square %q is not a square", s)
	}
	wantRank, pawnSq, origin := 5, sq-8, sq+8 // white to move: black just pushed
	if p.side == Black {
		wantRank, pawnSq, origin = 2, sq+8, sq-8
	}
	if sq.Rank() != wantRank {
		return fmt.Errorf("en-passant square %v is not on rank %d", sq, wantRank+1)
	}
	if p.squares[pawnSq] != MakePiece(p.side^1, Pawn) {
		return fmt.Errorf("en-passant square %v has no %v pawn in front of it", sq, p.side^1)
	}
	if p.squares[sq] != NoPiece || p.squares[origin] != NoPiece {
		return fmt.Errorf("en-passant square %v or the square the pawn came from is occupied", sq)
	}
	p.ep = sq
	return nil
}

func (p *Position) validate() error {
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return fmt.Errorf("%v has %d kings, want 1", c, n)
		}
		if n := p.Pieces(c, Pawn).Count(); n > 8 {
			return fmt.Errorf("%v has %d pawns, at most 8 are possible", c, n)
		}
		if n := p.byColor[c].Count(); n > 16 {
			return fmt.Errorf("%v has %d pieces, at most 16 are possible", c, n)
		}
	}
	if p.byType[Pawn]&(Rank1|Rank8) != 0 {
		return fmt.Errorf("pawn on %v: pawns cannot stand on the first or last rank", (p.byType[Pawn] & (Rank1 | Rank8)).First())
	}
	if p.attacked(p.KingSquare(p.side^1), p.side, p.Occupied()) {
		return fmt.Errorf("%v is not to move but is in check", p.side^1)
	}
	if n := p.Checkers().Count(); n > 2 {
		return fmt.Errorf("%v is in check from %d pieces, at most 2 are possible", p.side, n)
	}
	return nil
}

// FEN returns the position in Forsyth–Edwards Notation.
func (p *Position) FEN() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.squares[MakeSquare(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if p.side == Black {
		side = "b"
	}
	// The en-passant square only when a pawn could take there, as
	// Stockfish writes it: after 1.e4 "-", not "e3" (the key ignores it
	// too, so equal positions have equal FENs).
	ep := "-"
	if p.ep != NoSquare && PawnAttacks(p.side^1, p.ep)&p.Pieces(p.side, Pawn) != 0 {
		ep = p.ep.String()
	}
	fmt.Fprintf(&b, " %s %s %s %d %d", side, p.castlingField(), ep, min(p.halfmove, maxClock), min(p.fullmove, maxClock))
	return b.String()
}

// String draws the board as text, White at the bottom, followed by the FEN.
func (p *Position) String() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		fmt.Fprintf(&b, "%d ", rank+1)
		for file := 0; file < 8; file++ {
			b.WriteString(" " + p.squares[MakeSquare(file, rank)].String())
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a b c d e f g h\n")
	b.WriteString(p.FEN())
	return b.String()
}

// FlipColours returns the FEN of the same position with the colours
// exchanged: the board turned upside down, every piece the other side's,
// the other side to move, and the castling rights and the en-passant square
// with them. An evaluation that treats the colours alike scores the two the
// same from the side to move's view, which is what the evaluations' tests
// of symmetry check.
func FlipColours(fen string) (string, error) {
	p, err := ParseFEN(fen)
	if err != nil {
		return "", err
	}
	f := strings.Fields(p.FEN())
	ranks := strings.Split(f[0], "/")
	slices.Reverse(ranks)
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case unicode.IsLower(r):
				return unicode.ToUpper(r)
			case unicode.IsUpper(r):
				return unicode.ToLower(r)
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		swapped, rights := swap(f[2]), ""
		for _, r := range "KQkq" { // in the order FEN writes them
			if strings.ContainsRune(swapped, r) {
				rights += string(r)
			}
		}
		f[2] = rights
	}
	if f[3] != "-" {
		f[3] = f[3][:1] + map[byte]string{'3': "6", '6': "3"}[f[3][1]]
	}
	return strings.Join(f, " "), nil
}
