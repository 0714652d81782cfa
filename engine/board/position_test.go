package board

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// snapshot is everything MakeMove changes, for comparing before and after.
type snapshot struct {
	byType   [8]Bitboard
	byColor  [2]Bitboard
	squares  [64]Piece
	side     Color
	castle   CastleRights
	ep       Square
	halfmove int
	fullmove int
	key      uint64
	plies    int
}

func snap(p *Position) snapshot {
	return snapshot{p.byType, p.byColor, p.squares, p.side, p.castle, p.ep, p.halfmove, p.fullmove, p.key, len(p.history)}
}

// randomGames walks random legal games from every suite position and calls
// check after each move.
func randomGames(t *testing.T, games, plies int, check func(p *Position, m Move)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 7))
	for _, e := range loadPerftEPD(t, "perftsuite.epd") {
		for g := 0; g < games; g++ {
			p, err := ParseFEN(e.fen)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < plies; i++ {
				var l MoveList
				p.GenerateMoves(&l, GenAll)
				if l.N == 0 {
					break
				}
				m := l.Moves[rng.IntN(l.N)]
				p.MakeMove(m)
				check(p, m)
				if t.Failed() {
					return
				}
			}
		}
	}
}

func TestIncrementalKeyEqualsFreshHash(t *testing.T) {
	randomGames(t, 8, 200, func(p *Position, m Move) {
		if p.key != p.computeKey() {
			t.Fatalf("after %v in %s: incremental key %x, from scratch %x", m, p.FEN(), p.key, p.computeKey())
		}
		// A position re-read from its FEN hashes the same.
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("FEN of a reachable position rejected: %v", err)
		}
		if q.key != p.key {
			t.Fatalf("after %v: key %x, re-parsed %x", m, p.key, q.key)
		}
	})
}

func TestUnmakeRestoresEverything(t *testing.T) {
	randomGames(t, 4, 150, func(p *Position, m Move) {
		var l MoveList
		p.GenerateMoves(&l, GenAll)
		before := snap(p)
		for _, m2 := range l.Slice() {
			p.MakeMove(m2)
			p.UnmakeMove()
			if after := snap(p); after != before {
				t.Fatalf("make/unmake %v in %s changed the position", m2, p.FEN())
			}
		}
		if !p.InCheck() {
			p.MakeNullMove()
			p.UnmakeMove()
			if snap(p) != before {
				t.Fatalf("null move in %s changed the position", p.FEN())
			}
		}
	})
}

// The check information kept in a position must be the position's own
// after any sequence of moves made and unmade, and after a null move.
func TestCachedCheckInformation(t *testing.T) {
	randomGames(t, 4, 150, func(p *Position, m Move) {
		var l, replies MoveList
		p.GenerateMoves(&l, GenAll) // fills the cache
		for _, m2 := range l.Slice() {
			p.MakeMove(m2)
			p.GenerateMoves(&replies, GenQuiet) // fills the child's
			p.UnmakeMove()
		}
		fresh, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		if p.checkersCached() != fresh.Checkers() || p.pinnedCached() != fresh.pinnedTo(fresh.KingSquare(fresh.side), fresh.side, fresh.Occupied()) {
			t.Fatalf("after %v in %s: cached checkers %x pinned %x, fresh %x %x", m, p.FEN(),
				p.checkersCached(), p.pinnedCached(), fresh.Checkers(), fresh.pinnedTo(fresh.KingSquare(fresh.side), fresh.side, fresh.Occupied()))
		}
		if !p.InCheck() {
			p.MakeNullMove()
			q, err := ParseFEN(p.FEN())
			if err != nil {
				t.Fatal(err)
			}
			if p.InCheck() || p.pinnedCached() != q.pinnedTo(q.KingSquare(q.side), q.side, q.Occupied()) {
				t.Fatalf("null move in %s: check information not the new position's", p.FEN())
			}
			p.UnmakeMove()
		}
	})
}

// KeyAfter is exact for the moves it promises: all but promotions,
// castling, double pushes and moves that change castling rights;
// KeyAfterNull always.
func TestKeyAfter(t *testing.T) {
	exact := 0
	randomGames(t, 4, 150, func(p *Position, _ Move) {
		var l MoveList
		p.GenerateMoves(&l, GenAll)
		for _, m := range l.Slice() {
			if m.IsPromotion() || m.IsCastle() || m.Kind() == DoublePush ||
				p.castle&p.castling.keep[m.From()]&p.castling.keep[m.To()] != p.castle {
				continue
			}
			want := p.KeyAfter(m)
			p.MakeMove(m)
			got := p.Key()
			p.UnmakeMove()
			if got != want {
				t.Fatalf("KeyAfter(%v) in %s: %x, the move gives %x", m, p.FEN(), want, got)
			}
			exact++
		}
		if !p.InCheck() {
			want := p.KeyAfterNull()
			p.MakeNullMove()
			got := p.Key()
			p.UnmakeMove()
			if got != want {
				t.Fatalf("KeyAfterNull in %s: %x, the null move gives %x", p.FEN(), want, got)
			}
		}
	})
	if exact < 1000 {
		t.Fatalf("only %d moves checked", exact)
	}
}

func TestNoisyAndQuietSplitAllMoves(t *testing.T) {
	randomGames(t, 2, 150, func(p *Position, _ Move) {
		var all, noisy, quiet MoveList
		p.GenerateMoves(&all, GenAll)
		p.GenerateMoves(&noisy, GenNoisy)
		p.GenerateMoves(&quiet, GenQuiet)
		for _, m := range noisy.Slice() {
			if !m.IsCapture() && !m.IsPromotion() {
				t.Fatalf("%v is in the noisy list of %s", m, p.FEN())
			}
		}
		for _, m := range quiet.Slice() {
			if m.IsCapture() || m.IsPromotion() {
				t.Fatalf("%v is in the quiet list of %s", m, p.FEN())
			}
		}
		union := append(slices.Clone(noisy.Slice()), quiet.Slice()...)
		slices.Sort(union)
		want := slices.Clone(all.Slice())
		slices.Sort(want)
		if !slices.Equal(union, want) {
			t.Fatalf("noisy+quiet != all in %s", p.FEN())
		}
	})
}

func TestSpecialMoves(t *testing.T) {
	cases := []struct {
		name, fen string
		move      string
		legal     bool
	}{
		{"castle kingside", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", true},
		{"castle queenside", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", true},
		{"castle through check", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1g1", false},
		{"castle out of check", "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "e1c1", false},
		{"castle into check", "r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", "e1g1", false},
		{"queenside with b1 attacked is fine", "r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", "e1c1", true},
		{"queenside with b1 occupied", "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1c1", false},
		{"no right", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1", false},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", true},
		{"en passant exposes king on rank", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "e5d6", false},
		{"en passant removes checker", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "e4d3", true},
		{"pinned piece may move along pin", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "e2e7", true},
		{"pinned piece may not leave pin", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "e2d2", false},
		{"promotion to knight", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", true},
		{"promotion needs a piece", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8", false},
		{"double check only king", "4k3/8/8/8/8/5n2/3r4/R3K3 w Q - 0 1", "a1a2", false},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, err = p.ParseMove(c.move)
		if (err == nil) != c.legal {
			t.Errorf("%s: ParseMove(%s) error = %v, want legal=%v", c.name, c.move, err, c.legal)
		}
	}
}

func TestCaptureOfRookRemovesCastlingRight(t *testing.T) {
	p, _ := ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	m, err := p.ParseMove("a1a8")
	if err != nil {
		t.Fatal(err)
	}
	p.MakeMove(m)
	if got := p.Castling().String(); got != "Kk" {
		t.Errorf("after Rxa8 castling = %s, want Kk", got)
	}
}

func TestNoAllocationPerNode(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	allocs := testing.AllocsPerRun(20, func() { p.Perft(3) })
	if allocs != 0 {
		t.Errorf("perft(3) allocates %.0f times, want 0", allocs)
	}
}

func TestPositionAfter(t *testing.T) {
	for _, fen := range []string{"", "startpos", StartFEN} {
		p, err := PositionAfter(fen, []string{"e2e4", "e7e5", "g1f3"})
		if err != nil || p.FEN() != "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" {
			t.Errorf("%q: %v %v", fen, p, err)
		}
	}
	_, err := PositionAfter("", []string{"e2e4", "e2e4"})
	var me *MoveError
	if !errors.As(err, &me) || me.N != 2 || !errors.Is(err, ErrIllegalMove) || !strings.HasPrefix(err.Error(), "move 2: ") {
		t.Errorf("bad second move: %v", err)
	}
	if _, err := PositionAfter("8/8/8/8/8/8/8/8 w - - 0 1", nil); err == nil || errors.As(err, &me) {
		t.Errorf("bad FEN: %v", err)
	}
}

// CopyFrom gives what Clone gives — the same position, its history (a
// repetition seen through the copy) — and the copy stays apart from the
// original, in its own buffer, reused from one copy to the next.
func TestCopyFromIsAClone(t *testing.T) {
	src := NewPosition()
	for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "e2e4"} {
		m, err := src.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		src.MakeMove(m)
	}
	dst := NewPosition()
	dst.CopyFrom(src)
	buffer := &dst.history[:1][0]
	for round := 0; round < 2; round++ {
		if dst.FEN() != src.FEN() || dst.Key() != src.Key() || len(dst.history) != len(src.history) {
			t.Fatalf("round %d: copy %q, original %q", round, dst.FEN(), src.FEN())
		}
		dst.UnmakeMove() // e2e4 back: the start position, seen four plies before
		if !dst.IsRepetition(4) {
			t.Errorf("round %d: the copy does not see the repetition in its history", round)
		}
		if src.FEN() == dst.FEN() {
			t.Errorf("round %d: unmaking on the copy changed the original", round)
		}
		dst.CopyFrom(src)
		if &dst.history[:1][0] != buffer {
			t.Errorf("round %d: the copy took a new buffer", round)
		}
	}
}
