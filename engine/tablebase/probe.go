package tablebase

import (
	"fmt"
	"runtime"
	"sync"

	"kibitz/engine/board"
)

// Result is what a table says of a position, for the side to move.
type Result struct {
	WDL  int // +1 win, 0 draw, −1 loss
	DTM  int // plies to mate with best play (0: checkmated); 0 for draws
	Best board.Move
}

// Stats sums a table up for the stronger side (White in the signature) to
// move: its positions (one per class of the board's symmetries, those
// with an en passant capture open left out, as published counts do), how
// many it wins, draws and loses, and the longest forced mate in moves.
type Stats struct {
	Positions, Wins, Draws, Losses int
	MaxDTM                         int
}

func (t *Table) Stats() Stats {
	positions := len(t.entries)
	// A 5-man table has a billion entries and its draws share their byte
	// with the unused ones, which the index tells apart: on every core.
	workers := min(runtime.GOMAXPROCS(0), max(1, positions>>20))
	chunk := (positions/workers + 1) &^ 1 // even: White to move
	parts := make([]Stats, workers)
	var wg sync.WaitGroup
	for w := range parts {
		wg.Add(1)
		go func(s *Stats, from, to int) {
			defer wg.Done()
			for i := from; i < to; i += 2 { // even indices: White to move
				if t.layout.ep && t.layout.decode(i).pushed != 0 {
					continue // counted without the en passant capture
				}
				switch r, d := t.at(i); {
				case r == win:
					s.Wins++
					s.MaxDTM = max(s.MaxDTM, (int(d)+1)/2)
				case r == loss:
					s.Losses++
				case t.used(i):
					s.Draws++
				default:
					continue
				}
				s.Positions++
			}
		}(&parts[w], min(positions, w*chunk), min(positions, (w+1)*chunk))
	}
	wg.Wait()
	var s Stats
	for _, p := range parts {
		s.Positions += p.Positions
		s.Wins += p.Wins
		s.Draws += p.Draws
		s.Losses += p.Losses
		s.MaxDTM = max(s.MaxDTM, p.MaxDTM)
	}
	return s
}

// Longest is the table's longest forced mate, either side to move: its
// length in plies and one position that takes it (White, the signature's
// first side, or Black to move; won or lost for the side to move).
type Longest struct {
	Plies       int
	BlackToMove bool
	Won         bool
	Entry       int
}

// Longest finds the table's longest mate (the first entry that takes it,
// in index order), on every core.
func (t *Table) Longest() Longest {
	n := len(t.entries)
	workers := min(runtime.GOMAXPROCS(0), max(1, n>>20))
	chunk := (n + workers - 1) / workers
	parts := make([]Longest, workers)
	var wg sync.WaitGroup
	for w := range parts {
		wg.Add(1)
		go func(best *Longest, from, to int) {
			defer wg.Done()
			best.Plies = -1
			for i := from; i < to; i++ {
				if r, d := t.at(i); (r == win || r == loss) && int(d) > best.Plies {
					*best = Longest{Plies: int(d), BlackToMove: i&1 == 1, Won: r == win, Entry: i}
				}
			}
		}(&parts[w], min(n, w*chunk), min(n, (w+1)*chunk))
	}
	wg.Wait()
	best := Longest{Plies: -1}
	for _, p := range parts {
		if p.Plies > best.Plies {
			best = p
		}
	}
	return best
}

// LongestLine says it in words, with the position in FEN: "KRvK
// longest=32 plies (Black to move, lost): …".
func (t *Table) LongestLine() string {
	lg := t.Longest()
	if lg.Plies < 0 {
		return fmt.Sprintf("%s longest=none (no mate)", t.Sig)
	}
	side, result := "White", "lost"
	if lg.BlackToMove {
		side = "Black"
	}
	if lg.Won {
		result = "won"
	}
	return fmt.Sprintf("%s longest=%d plies (%s to move, %s): %s", t.Sig, lg.Plies, side, result, t.layout.fen(t.layout.decode(lg.Entry)))
}

func (s Stats) Line(sig Signature) string {
	return fmt.Sprintf("%s positions=%d wins=%d draws=%d losses=%d maxdtm=%d", sig, s.Positions, s.Wins, s.Draws, s.Losses, s.MaxDTM)
}

// Probe looks a position up (generating the tables it needs), with the
// best move: the fastest mate when winning, the longest resistance when
// losing, a move that keeps the draw otherwise. Castling rights and the
// fifty-move rule are not considered (a position with castling rights is
// refused).
func (set *Set) Probe(b *board.Position) (Result, error) {
	if b.Castling() != 0 {
		return Result{}, fmt.Errorf("castling rights: the tables leave castling out")
	}
	s, p, err := fromBoard(b)
	if err != nil {
		return Result{}, err
	}
	r, d := set.value(s, p)
	res := Result{WDL: wdlOf(r), DTM: int(d)}
	if res.WDL == 0 {
		res.DTM = 0
	}
	var moves board.MoveList
	b.GenerateMoves(&moves, board.GenAll)
	bestScore := -1 << 30
	for _, m := range moves.Slice() {
		c := b.Clone()
		c.MakeMove(m)
		cs, cp, err := fromBoard(c)
		if err != nil {
			continue
		}
		cr, cd := set.value(cs, cp)
		// The child's result is the opponent's: a loss there is a win here.
		score := 0
		switch cr {
		case loss:
			score = 1000 - int(cd)
		case win:
			score = -1000 + int(cd)
		}
		if score > bestScore {
			bestScore, res.Best = score, m
		}
	}
	return res, nil
}
