package tablebase

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"kibitz/engine/board"
)

// boardOf writes a table position as a board (no castling; the en passant
// square behind the pawn that has just moved two squares, when one has).
func boardOf(t *testing.T, l *layout, p pos) *board.Position {
	t.Helper()
	fen := l.fen(p)
	b, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return b
}

// randomPositions draws legal positions of a signature, some with an en
// passant capture open.
func randomPositions(l *layout, n int, seed uint64) []pos {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []pos
	for len(out) < n {
		p := l.decode(rng.IntN(l.size()))
		if l.legal(&p) {
			out = append(out, p)
		}
	}
	return out
}

// The table's move generator agrees with the board's on every position
// drawn: the same number of legal moves, en passant and promotions
// included, whether the pieces' quiet moves are listed or counted.
func TestPawnMovesMatchTheBoard(t *testing.T) {
	for _, name := range []string{"KPvK", "KPvKP", "KQvKP", "KRvKP", "KPPvK", "KPPvKP", "KQPvKQ", "KRBvKR", "KBBvKQ"} {
		sig, _ := ParseSignature(name)
		l := newLayout(sig)
		eps := 0
		for _, p := range randomPositions(&l, 3000, 1) {
			b := boardOf(t, &l, p)
			var ml board.MoveList
			b.GenerateMoves(&ml, board.GenAll)
			n := 0
			l.eachMove(&p, nil, func(pos, int, int, int) { n++ })
			if n != ml.N {
				t.Fatalf("%s %s: %d moves, the board has %d", name, b.FEN(), n, ml.N)
			}
			// The quiet moves of the pieces counted, not listed: the same
			// number in all.
			quiet, listed := 0, 0
			l.eachMove(&p, &quiet, func(pos, int, int, int) { listed++ })
			if quiet+listed != ml.N {
				t.Fatalf("%s %s: %d moves listed and %d counted, the board has %d", name, b.FEN(), listed, quiet, ml.N)
			}
			if p.pushed != 0 {
				eps++
			}
		}
		if l.ep && eps == 0 {
			t.Errorf("%s: no position with en passant open was drawn", name)
		}
	}
}

// Every position's value follows from its moves' values, read with the
// board's own move generator: a win in d plies has a move to a loss in
// d−1 and none faster, a loss in d has only moves to wins, the longest in
// d−1, a draw has a move to a draw and none to a loss.
func TestPawnTablesAreConsistent(t *testing.T) {
	names := []string{"KPvK", "KQvKP"}
	if !testing.Short() {
		names = append(names, "KPvKP")
	}
	set := tables
	for _, name := range names {
		sig, _ := ParseSignature(name)
		set.Table(sig)
		l := newLayout(sig)
		for _, p := range randomPositions(&l, 2000, 2) {
			b := boardOf(t, &l, p)
			r, d := set.value(sig, p)
			var ml board.MoveList
			b.GenerateMoves(&ml, board.GenAll)
			bestWin, longestLoss, draws := 1000, -1, 0
			for _, m := range ml.Slice() {
				c := b.Clone()
				c.MakeMove(m)
				cs, cp, err := fromBoard(c)
				if err != nil {
					t.Fatal(err)
				}
				switch cr, cd := set.value(cs, cp); cr {
				case loss:
					bestWin = min(bestWin, int(cd)+1)
				case win:
					longestLoss = max(longestLoss, int(cd)+1)
				default:
					draws++
				}
			}
			ok := true
			switch {
			case ml.N == 0:
				ok = (r == loss && b.InCheck() && d == 0) || (r == draw && !b.InCheck())
			case r == win:
				ok = bestWin == int(d)
			case r == loss:
				ok = bestWin == 1000 && draws == 0 && longestLoss == int(d)
			case r == draw:
				ok = bestWin == 1000 && draws > 0
			}
			if !ok {
				t.Fatalf("%s %s: result %d in %d plies; moves: fastest win %d, longest loss %d, %d draws",
					name, b.FEN(), r, d, bestWin, longestLoss, draws)
			}
		}
	}
}

func TestPawnEndings(t *testing.T) {
	set := tables
	for _, c := range []struct {
		fen string
		wdl int
	}{
		{"k7/8/8/8/8/8/P7/K7 w - - 0 1", 0},     // a rook's pawn and the defender in the corner
		{"4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", -1}, // the king in front on the sixth: a win whoever moves
		{"4k3/8/4P3/4K3/8/8/8/8 w - - 0 1", 0},  // the defender holds the opposition
		{"4k3/8/4P3/4K3/8/8/8/8 b - - 0 1", 0},  // to move, he still holds with Ke7 (Kd5 Ke8 Kd6 Kd8)
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", 1},   // the pawn queens
		{"8/5P1k/5K2/8/8/8/8/8 w - - 0 1", 1},   // f8=Q stalemates, f8=R wins
		{"8/5P1k/5K2/8/8/8/8/8 b - - 0 1", -1},  //
		{"5Q2/7k/5K2/8/8/8/8/8 b - - 0 1", 0},   // the stalemate
		{"4k3/8/8/8/8/8/3p4/7K w - - 0 1", -1},  // Black's pawn queens: the colours flip
		{"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", 0},  // unless White's king takes it
		{"8/8/8/8/8/1k6/p7/K7 w - - 0 1", 0},    // Kb1: the pawn is lost or Black stalemates
	} {
		b, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		r, err := set.Probe(b)
		if err != nil {
			t.Fatal(err)
		}
		if r.WDL != c.wdl {
			t.Errorf("%s: %+v (best %v), want %d", c.fen, r, r.Best, c.wdl)
		}
	}
}

// En passant changes results: some positions of KPvKP are won or lost
// only because the capture is open (or shut).
func TestEnPassantMatters(t *testing.T) {
	if testing.Short() {
		t.Skip("KPvKP takes a while")
	}
	set := tables
	sig, _ := ParseSignature("KPvKP")
	tab := set.Table(sig)
	l := newLayout(sig)
	differ, open := 0, 0
	for i := 0; i < l.size(); i++ {
		p := l.decode(i)
		if p.pushed == 0 || !tab.used(i) {
			continue
		}
		open++
		p.pushed = 0
		rj, _ := tab.at(l.canon(&p))
		if ri, _ := tab.at(i); rj != ri {
			differ++
		}
	}
	t.Logf("KPvKP: %d positions with en passant open, %d with another result than without", open, differ)
	if open == 0 || differ == 0 {
		t.Errorf("en passant: %d positions open, %d differ", open, differ)
	}
}

// A table is the same whether its positions are seeded and its levels
// settled on one core or on several, and whether tables are generated one
// at a time or side by side.
func TestGenerationOnCoresIsDeterministic(t *testing.T) {
	names := []string{"KPvK", "KRvK", "KQvK", "KBvK"}
	var sigs []Signature
	for _, n := range names {
		s, _ := ParseSignature(n)
		sigs = append(sigs, s)
	}
	prev := runtime.GOMAXPROCS(1)
	one := NewSet().Generate(sigs, 1)
	// Every level settled on four cores, however small.
	runtime.GOMAXPROCS(max(prev, 4))
	defer func(n int) { parallelLevel = n }(parallelLevel)
	parallelLevel = 1
	many := NewSet().Generate(sigs, 4)
	runtime.GOMAXPROCS(prev)
	for i := range sigs {
		if !slices.Equal(one[i].entries, many[i].entries) {
			t.Errorf("%s differs between one core and several", names[i])
		}
	}
}

// With two pawns a side, either may be the one that has just pushed: the
// two positions are different positions (each pawn can be taken only in
// its own), with an index entry each, and the board's en passant square
// comes back from the index as it went in.
func TestEitherOfTwoPawnsMayHavePushed(t *testing.T) {
	sig, _ := ParseSignature("KPPvKP")
	l := newLayout(sig)
	seen := map[int]string{}
	for _, fen := range []string{
		"3k4/8/8/8/2PpP3/8/8/3K4 b - c3 0 1",
		"3k4/8/8/8/2PpP3/8/8/3K4 b - e3 0 1",
		"3k4/8/8/8/2PpP3/8/8/3K4 b - - 0 1",
	} {
		b, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		s, p, err := fromBoard(b)
		if err != nil || s.String() != "KPPvKP" {
			t.Fatalf("%s: %v %v", fen, s, err)
		}
		i := l.canon(&p)
		if other, ok := seen[i]; ok {
			t.Errorf("%s and %s share entry %d", fen, other, i)
		}
		seen[i] = fen
		back := l.decode(i)
		if !l.legal(&back) {
			t.Errorf("%s: entry %d decodes to an illegal position", fen, i)
		}
		if got := boardOf(t, &l, back); got.FEN() != b.FEN() {
			t.Errorf("%s: the entry reads back as %s", fen, got.FEN())
		}
		var ml board.MoveList
		b.GenerateMoves(&ml, board.GenAll)
		n := 0
		l.eachMove(&back, nil, func(pos, int, int, int) { n++ })
		if n != ml.N {
			t.Errorf("%s: %d moves, the board has %d", fen, n, ml.N)
		}
	}
}

// Every legal entry's position is its own class's entry after a trip
// through a board: en passant included, the index and the board agree.
func TestIndexRoundTripsThroughTheBoard(t *testing.T) {
	for _, name := range []string{"KPvKP", "KPPvKP", "KQvKP"} {
		sig, _ := ParseSignature(name)
		l := newLayout(sig)
		for _, p := range randomPositions(&l, 2000, 7) {
			i := l.canon(&p)
			s, q, err := fromBoard(boardOf(t, &l, p))
			if err != nil || s.String() != name {
				t.Fatalf("%s: %v %v", name, s, err)
			}
			if j := l.canon(&q); j != i {
				t.Fatalf("%s %s: entry %d through the board, %d directly", name, boardOf(t, &l, p).FEN(), j, i)
			}
		}
	}
}

// Where the generator counts moves without working out their classes,
// no two moves from a position reach the same class; where it may not,
// some do.
func TestDistinctClasses(t *testing.T) {
	for _, name := range []string{"KPvK", "KPvKP", "KRvKP", "KRPvKR", "KPPvKP", "KQPvKQ", "KPPvK", "KRBvKR", "KQvKR", "KQvK", "KBBvK"} {
		sig, _ := ParseSignature(name)
		l := newLayout(sig)
		shared, counted := 0, 0
		for _, p := range randomPositions(&l, 3000, 3) {
			if !l.distinctMoves(&p, 1-p.stm) {
				if l.pawns {
					t.Fatalf("%s: a position with pawns whose moves need their classes", name)
				}
				continue
			}
			counted++
			var classes []int
			l.eachMove(&p, nil, func(q pos, _, captured, promoted int) {
				if captured < 0 && promoted < 0 {
					j := l.canon(&q)
					if contains(classes, j) {
						shared++
					}
					classes = append(classes, j)
				}
			})
		}
		if shared > 0 || counted < 1000 {
			t.Errorf("%s: %d moves reach a class another move of the same position reaches, in %d positions", name, shared, counted)
		}
	}
	// Without pawns: White's king on a1, its queen on c3, Black's king on
	// h8 — Qc5 and Qe3 reach mirror images in the long diagonal.
	sig, _ := ParseSignature("KQvK")
	l := newLayout(sig)
	p := pos{sq: [maxMen]board.Square{0, 18, 63}}
	if l.distinctMoves(&p, 1) {
		t.Errorf("KQvK %v: moves said to reach distinct classes", p.sq)
	}
	var classes []int
	shared := 0
	l.eachMove(&p, nil, func(q pos, _, captured, promoted int) {
		if j := l.canon(&q); contains(classes, j) {
			shared++
		} else {
			classes = append(classes, j)
		}
	})
	if shared == 0 {
		t.Errorf("KQvK %v: no two moves reach one class", p.sq)
	}
}

// Counting moves instead of classes changes no entry of a table.
func TestCountingMovesOnlyChangesNothing(t *testing.T) {
	sigs := []Signature{}
	for _, n := range []string{"KPvK", "KQvK", "KRvKB"} {
		s, _ := ParseSignature(n)
		sigs = append(sigs, s)
	}
	fast := NewSet().Generate(sigs, 2)
	defer func(v bool) { countMovesOnly = v }(countMovesOnly)
	countMovesOnly = false
	slow := NewSet().Generate(sigs, 2)
	for i := range sigs {
		if !slices.Equal(fast[i].entries, slow[i].entries) {
			t.Errorf("%s differs when moves are counted without their classes", sigs[i])
		}
	}
}
