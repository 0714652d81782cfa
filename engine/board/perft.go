package board

import (
	"fmt"
	"io"
	"time"
)

// Perft counts the leaf nodes of the legal move tree to the given depth,
// making and unmaking every move, the last ply included.
func (p *Position) Perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var l MoveList
	p.GenerateMoves(&l, GenAll)
	if depth == 1 {
		// Make and unmake each leaf without a call that would only return 1.
		for _, m := range l.Moves[:l.N] {
			p.MakeMove(m)
			p.UnmakeMove()
		}
		return uint64(l.N)
	}
	var n uint64
	for _, m := range l.Moves[:l.N] {
		p.MakeMove(m)
		n += p.Perft(depth - 1)
		p.UnmakeMove()
	}
	return n
}

// PerftBulk is Perft with bulk counting: at depth 1 it counts the
// generated moves instead of making them.
func (p *Position) PerftBulk(depth int) uint64 {
	var l MoveList
	p.GenerateMoves(&l, GenAll)
	if depth <= 1 {
		if depth <= 0 {
			return 1
		}
		return uint64(l.N)
	}
	var n uint64
	for _, m := range l.Moves[:l.N] {
		p.MakeMove(m)
		n += p.PerftBulk(depth - 1)
		p.UnmakeMove()
	}
	return n
}

// DivideEntry is one root move and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each legal root move, in generation
// order; depth must be at least 1.
func (p *Position) Divide(depth int, bulk bool) []DivideEntry {
	var l MoveList
	p.GenerateMoves(&l, GenAll)
	out := make([]DivideEntry, 0, l.N)
	for _, m := range l.Slice() {
		p.MakeMove(m)
		var n uint64
		if bulk {
			n = p.PerftBulk(depth - 1)
		} else {
			n = p.Perft(depth - 1)
		}
		p.UnmakeMove()
		out = append(out, DivideEntry{m, n})
	}
	return out
}

// WritePerft runs perft and writes the report that both `kibitz perft` and
// the UCI command `go perft N` print: with divide, a line "move: count" per
// root move, then "Nodes searched: N", the time and the speed.
func WritePerft(w io.Writer, p *Position, depth int, divide, bulk bool) uint64 {
	start := time.Now()
	var total uint64
	if divide && depth > 0 {
		for _, e := range p.Divide(depth, bulk) {
			fmt.Fprintf(w, "%v: %d\n", e.Move, e.Nodes)
			total += e.Nodes
		}
		fmt.Fprintln(w)
	} else if bulk {
		total = p.PerftBulk(depth)
	} else {
		total = p.Perft(depth)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(w, "Nodes searched: %d\n", total)
	fmt.Fprintf(w, "Time: %.3f s\n", elapsed.Seconds())
	fmt.Fprintf(w, "Nodes/second: %d\n", int64(float64(total)/max(elapsed.Seconds(), 1e-9)))
	return total
}
