package nnue

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// The test positions, in FEN (only the placement and side to move are
// read): the start, Kiwipete, a position with promotions at hand, a rook
// ending, and two Chess960 starts.
const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

var testFENs = []string{startFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"1r2k2r/8/8/8/8/8/8/1R4KR w HBhb - 0 1"}

// playBoard is a test position that plays random piece moves — not
// chess, which this package leaves to its users: any own piece to any
// square but its own pieces' and the kings', with captures, promotions,
// captures away from the arrival square (as en passant), king-and-rook
// double moves (as castling) and null moves — so that the evaluator meets
// every kind of change a move makes.
type playBoard struct {
	Board
	hist []played
}

type played struct {
	ch [4]Change
	n  int
}

// parseBoard reads a FEN's placement and side to move.
func parseBoard(fen string) (*playBoard, error) {
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return nil, fmt.Errorf("%q: want placement and side", fen)
	}
	b := &playBoard{}
	rank, file := 7, 0
	for _, r := range fields[0] {
		switch {
		case r == '/':
			rank, file = rank-1, 0
		case r >= '1' && r <= '8':
			file += int(r - '0')
		default:
			i := strings.IndexRune("PNBRQKpnbrqk", r)
			if i < 0 || rank < 0 || file > 7 {
				return nil, fmt.Errorf("%q: bad placement", fen)
			}
			b.Put(Color(i/6), PieceType(i%6), Square(rank*8+file))
			file++
		}
	}
	if fields[1] == "b" {
		b.Side = Black
	}
	return b, nil
}

func mustBoard(t testing.TB, fen string) *playBoard {
	t.Helper()
	b, err := parseBoard(fen)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// String is the board's placement and side, FEN-like.
func (b *playBoard) String() string {
	var s strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := range 8 {
			pc, ok := b.at(Square(rank*8 + file))
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&s, empty)
				empty = 0
			}
			s.WriteByte("PNBRQKpnbrqk"[int(pc.Color())*6+int(pc.Type())])
		}
		if empty > 0 {
			fmt.Fprint(&s, empty)
		}
		if rank > 0 {
			s.WriteByte('/')
		}
	}
	return s.String() + " " + "wb"[b.Side:b.Side+1]
}

func (b *playBoard) at(sq Square) (Piece, bool) {
	for c := White; c <= Black; c++ {
		for t := Pawn; t <= King; t++ {
			if b.Pieces[c][t]&(1<<sq) != 0 {
				return MakePiece(c, t), true
			}
		}
	}
	return 0, false
}

// mirrored is the board with colours swapped and ranks flipped.
func (b *playBoard) mirrored() *playBoard {
	m := &playBoard{Board: Board{Side: b.Side.Other()}}
	for c := White; c <= Black; c++ {
		for t := Pawn; t <= King; t++ {
			m.Pieces[c.Other()][t] = bits.ReverseBytes64(b.Pieces[c][t])
		}
	}
	return m
}

// Ply is the number of moves made.
func (b *playBoard) Ply() int { return len(b.hist) }

// LastChanges reports the last move's changes.
func (b *playBoard) LastChanges(out *[4]Change) int {
	if len(b.hist) == 0 {
		return 0
	}
	h := b.hist[len(b.hist)-1]
	*out = h.ch
	return h.n
}

func (b *playBoard) play(ch ...Change) {
	var h played
	h.n = copy(h.ch[:], ch)
	b.hist = append(b.hist, h)
	b.toggle(ch)
}

func (b *playBoard) toggle(ch []Change) {
	for _, c := range ch {
		b.Pieces[c.Piece.Color()][c.Piece.Type()] ^= 1 << c.Square
	}
	b.Side = b.Side.Other()
}

// nullMove passes the turn.
func (b *playBoard) nullMove() { b.play() }

// unmake takes the last move back.
func (b *playBoard) unmake() {
	h := b.hist[len(b.hist)-1]
	b.hist = b.hist[:len(b.hist)-1]
	b.toggle(h.ch[:h.n])
}

// randomMove plays a random move of the side to move.
func (b *playBoard) randomMove(rng *rand.Rand) {
	us, them := b.Side, b.Side.Other()
	own, enemy := b.side(us), b.side(them)
	kings := b.Pieces[White][King] | b.Pieces[Black][King]
	from := nth(own, rng.IntN(bits.OnesCount64(own)))
	moved, _ := b.at(from)
	empty := ^(own | enemy)
	if rook := b.Pieces[us][Rook]; moved.Type() == King && rook != 0 && rng.IntN(3) == 0 {
		rookFrom := nth(rook, rng.IntN(bits.OnesCount64(rook)))
		free := empty | 1<<from | 1<<rookFrom
		kingTo := nth(free, rng.IntN(bits.OnesCount64(free)))
		free &^= 1 << kingTo
		rookTo := nth(free, rng.IntN(bits.OnesCount64(free)))
		rook := MakePiece(us, Rook)
		b.play(Change{moved, from, false}, Change{rook, rookFrom, false}, Change{rook, rookTo, true}, Change{moved, kingTo, true})
		return
	}
	targets := ^own &^ kings
	to := nth(targets, rng.IntN(bits.OnesCount64(targets)))
	arrived := moved
	if moved.Type() == Pawn && rng.IntN(4) == 0 {
		arrived = MakePiece(us, PieceType(1+rng.IntN(4)))
	}
	ch := []Change{{moved, from, false}}
	if captured, ok := b.at(to); ok {
		ch = append(ch, Change{captured, to, false})
	} else if others := enemy &^ kings; others != 0 && rng.IntN(6) == 0 {
		sq := nth(others, rng.IntN(bits.OnesCount64(others)))
		captured, _ := b.at(sq)
		ch = append(ch, Change{captured, sq, false})
	}
	b.play(append(ch, Change{arrived, to, true})...)
}

func (b *playBoard) side(c Color) uint64 {
	var bb uint64
	for _, x := range b.Pieces[c] {
		bb |= x
	}
	return bb
}

// nth is the n-th lowest square of bb.
func nth(bb uint64, n int) Square {
	for range n {
		bb &= bb - 1
	}
	return Square(bits.TrailingZeros64(bb))
}

// walk plays random games from the test positions and calls f after each
// move.
func walk(t *testing.T, games, plies int, f func(p *playBoard)) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, fen := range testFENs {
		for range games {
			p := mustBoard(t, fen)
			f(p)
			for range plies {
				p.randomMove(rng)
				f(p)
			}
		}
	}
}

func TestPlayBoardTakesBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, fen := range testFENs {
		p := mustBoard(t, fen)
		before := p.String()
		for range 200 {
			if rng.IntN(10) == 0 {
				p.nullMove()
			} else {
				p.randomMove(rng)
			}
			if bits.OnesCount64(p.Pieces[White][King]) != 1 || bits.OnesCount64(p.Pieces[Black][King]) != 1 {
				t.Fatalf("%s: a king was lost", p)
			}
		}
		for p.Ply() > 0 {
			p.unmake()
		}
		if p.String() != before {
			t.Fatalf("took back to %s, want %s", p, before)
		}
	}
	if got := mustBoard(t, startFEN).String(); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w" {
		t.Errorf("start position reads back as %s", got)
	}
}

// occupied is every occupied square.
func (b *playBoard) occupied() uint64 { return b.side(White) | b.side(Black) }
