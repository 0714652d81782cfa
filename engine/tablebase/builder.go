package tablebase

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// tableInProgress is a table's results and distances while they are being
// worked out, unknown at first.
type tableInProgress struct{ res, dtm []uint8 }

// pack encodes the finished results, the positions still unknown being
// draws, one byte each.
func (t *tableInProgress) pack(s Signature, l layout) *Table {
	out := &Table{Sig: s, entries: make([]byte, len(t.res)), layout: l}
	for i, r := range t.res {
		if r == unknown {
			r = draw
		}
		e, err := encodeEntry(r, t.dtm[i])
		if err != nil && out.err == nil {
			out.err = fmt.Errorf("%s: %v", s, err)
		}
		out.entries[i] = e
	}
	return out
}

// seedAll seeds every position, on all cores: a position's seed writes
// only its own entries, and the order of the positions within a level
// does not change what the levels resolve, so the table is the same
// whatever the number of cores.
func (b *builder) seedAll() {
	size := b.l.size()
	workers := min(runtime.GOMAXPROCS(0), max(1, size>>16))
	parts := make([]seeder, workers)
	// In pieces taken in turn: how many positions of a piece are legal,
	// and so how long it takes, varies across the index.
	const piece = 1 << 16
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range parts {
		wg.Add(1)
		go func(sd *seeder) {
			defer wg.Done()
			for {
				from := int(next.Add(piece)) - piece
				if from >= size {
					return
				}
				for i := from; i < min(size, from+piece); i++ {
					b.seed(i, sd)
				}
			}
		}(&parts[w])
	}
	wg.Wait()
	for w := range parts {
		for d := range b.levels {
			b.levels[d] = append(b.levels[d], parts[w].levels[d]...)
		}
	}
}

// seeder is one core's share of the seeding: the positions it resolved,
// by level, and its scratch list of a position's children.
type seeder struct {
	levels   [256][]int32
	children []int
}

// builder is the state of one table's generation.
type builder struct {
	set        *Set
	sig        Signature
	l          layout
	t          *tableInProgress
	count      []uint8      // moves within the table (by class of position reached) not yet resolved
	longest    []uint8      // the longest opponent's win among resolved moves
	drawn      []bool       // a move reaches a draw
	pendingWin []uint8      // a capture wins in this many plies (0: none)
	levels     [256][]int32 // positions resolved at each distance (−i−1: a capture's win, to confirm)
	exits      [maxMen * (maxMen + 1) * 8]*exit
}

// seed counts position i's moves, resolves those that leave the table
// (captures, promotions) and settles the position at once when its moves
// allow.
func (b *builder) seed(i int, sd *seeder) {
	l, t := &b.l, b.t
	p := l.decode(i)
	if !l.legal(&p) || l.canon(&p) != i {
		t.res[i] = illegal // or another index holds this position
		return
	}
	moves, best := 0, 255
	sd.children = sd.children[:0]
	distinct := l.distinctMoves(&p, 1-p.stm)
	var quiet int
	bulk := &quiet // each move its own class: the quiet ones need only counting
	if !distinct {
		bulk = nil
	}
	l.eachMove(&p, bulk, func(q pos, a, captured, promoted int) {
		moves++
		if captured < 0 && promoted < 0 {
			if distinct {
				b.count[i]++ // every move reaches a class of its own
				return
			}
			// Symmetric moves may reach one class: count classes, as
			// the predecessors of a class are visited once.
			if j := l.canon(&q); !contains(sd.children, j) {
				sd.children = append(sd.children, j)
				b.count[i]++
			}
			return
		}
		switch r, d := b.exits[exitKey(a, captured, promoted)].lookup(&q); r {
		case loss:
			best = min(best, int(d)+1)
		case win:
			b.longest[i] = max(b.longest[i], d)
		default:
			b.drawn[i] = true
		}
	})
	moves += quiet
	b.count[i] += uint8(quiet)
	occ, _, _ := l.occupancy(&p)
	switch {
	case moves == 0 && l.attacked(&p, p.sq[l.kings[p.stm]], 1-p.stm, occ):
		t.res[i] = loss // checkmated
		sd.levels[0] = append(sd.levels[0], int32(i))
	case moves == 0:
		t.res[i] = draw // stalemate
	case best < 255:
		b.pendingWin[i] = uint8(best)
		sd.levels[best] = append(sd.levels[best], int32(-i-1)) // a win at that level unless sooner
	case b.count[i] == 0 && !b.drawn[i]:
		d := int(b.longest[i]) + 1
		t.res[i], t.dtm[i] = loss, uint8(d)
		sd.levels[d] = append(sd.levels[d], int32(i))
	case b.count[i] == 0:
		t.res[i] = draw
	}
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
