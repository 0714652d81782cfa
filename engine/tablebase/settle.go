package tablebase

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"kibitz/engine/board"
)

// The levels: each position resolved at one distance to mate settles the
// positions one move before it, which resolves some of them at the next.

// parallelLevel is the size of a level worth settling on several cores
// (a variable for the tests).
var parallelLevel = 1 << 12

// propagate resolves the levels in order of distance. The positions of a
// level settle their predecessors on every core: a level holds results of
// one parity (losses at even distances, wins at odd), so what it settles
// lands on later levels only, and each predecessor is resolved once
// (atomicbytes.go) at the distance the order of the level does not
// change — the table is the same on one core or many.
func (b *builder) propagate(resolved int) {
	parts := make([]settler, runtime.GOMAXPROCS(0))
	for d := 0; d < 255; d++ {
		level := b.levels[d]
		b.levels[d] = nil // done with after this level
		n := 0
		for _, e := range level {
			i := int(e)
			if i < 0 { // a capture's win reaching its level, unless resolved sooner
				i = -i - 1
				if b.t.res[i] != unknown {
					continue
				}
				b.t.res[i], b.t.dtm[i] = win, uint8(d)
				resolved++
			}
			level[n] = int32(i)
			n++
		}
		level = level[:n]
		if n == 0 {
			continue
		}
		workers := len(parts)
		if n < parallelLevel {
			workers = 1
		}
		sortInParts(level, workers)
		// The cores take small pieces of the level in turn, so that none
		// waits for another whose share was slower.
		piece := max(1<<10, n/(workers*32))
		var next atomic.Int64
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(sd *settler) {
				defer wg.Done()
				for {
					from := int(next.Add(int64(piece))) - piece
					if from >= n {
						return
					}
					for _, i := range level[from:min(n, from+piece)] {
						b.settlePredecessors(int(i), d, sd)
					}
				}
			}(&parts[w])
		}
		wg.Wait()
		for w := range parts {
			for x := d + 1; x < len(b.levels); x++ {
				if found := parts[w].levels[x]; len(found) > 0 {
					b.levels[x] = append(b.levels[x], found...)
					resolved += len(found)
					parts[w].levels[x] = found[:0]
				}
			}
		}
		b.report(d, resolved)
	}
}

// report tells the set's Working how the generation goes.
func (b *builder) report(level, resolved int) {
	if b.set.Working != nil {
		b.set.Working(b.sig, Stage{Level: level, Entries: b.l.size(), Resolved: resolved})
	}
}

// sortInParts sorts each of parts stretches of level, on a core each. In
// index order, the predecessors of neighbouring positions are neighbours
// too: the settling then walks the table in a few streams instead of
// jumping at random. (The order does not change what a level resolves.)
func sortInParts(level []int32, parts int) {
	var wg sync.WaitGroup
	size := (len(level) + parts - 1) / parts
	for from := 0; from < len(level); from += size {
		wg.Add(1)
		go func(part []int32) {
			defer wg.Done()
			slices.Sort(part)
		}(level[from:min(len(level), from+size)])
	}
	wg.Wait()
}

// settler is one core's share of a level: the positions it resolved, by
// level.
type settler struct{ levels [256][]int32 }

// settlePredecessors visits every position one move before position i
// (resolved at distance d) within the table: the side not to move in i
// moves a piece back to an empty square, or a pawn one square back (two
// from its fourth rank, when that push is what left an en passant capture
// open in i, or when it could not have).
func (b *builder) settlePredecessors(i, d int, sd *settler) {
	l := &b.l
	c := l.decode(i)
	occ, _, _ := l.occupancy(&c)
	mover := 1 - c.stm
	distinct := l.distinctMoves(&c, c.stm)
	var preds [256]int // more than a 5-man position has
	n := 0
	visit := func(p pos) {
		// A predecessor whose side not to move is in check is not a
		// position: the seeding marked its entry illegal, and the check
		// for an unknown result below passes it by — cheaper than looking
		// for the check first.
		p.stm, p.pushed = mover, 0
		// The predecessor may itself have had an en passant capture open,
		// against any pawn of the side to move in i (k = 0: none).
		for k := 0; k < l.men; k++ {
			if k != 0 {
				if !l.ep || l.kind[k] != pawn || l.side[k] != c.stm || p.sq[k] != pushedSquare(p.sq[k], c.stm) {
					continue // only a pawn on its fourth rank can have just pushed
				}
				if p.pushed = k; !l.legal(&p) {
					continue
				}
			}
			if n == len(preds) {
				b.settleAll(preds[:n], i, d, distinct, sd)
				n = 0
			}
			p.pushed = k
			preds[n] = l.canon(&p)
			n++
		}
	}
	for a := 0; a < l.men; a++ {
		if l.side[a] != mover {
			continue
		}
		if l.kind[a] != pawn {
			if c.pushed != 0 {
				continue // only the pawn's double push leads to i
			}
			for from := l.attacksOf(a, c.sq[a], occ) &^ occ; from != 0; {
				p := c
				p.sq[a] = from.PopFirst()
				visit(p)
			}
			continue
		}
		back := board.Square(int(c.sq[a]) - forward(mover))
		if rankOf(back) == lastRank(1-mover) || occ.Has(back) {
			continue // a pawn on its second rank has not moved
		}
		if c.pushed == 0 {
			p := c
			p.sq[a] = back
			visit(p)
		}
		twoBack := board.Square(int(back) - forward(mover))
		if rankOf(twoBack) != startRank(mover) || occ.Has(twoBack) || c.pushed != 0 && c.pushed != a {
			continue
		}
		// The double push reaches i with an en passant capture open when
		// there is one, and without otherwise.
		pushed := c
		pushed.pushed = a
		if withEP := l.ep && l.epOpen(&pushed); withEP == (c.pushed == a) {
			p := c
			p.sq[a] = twoBack
			visit(p)
		}
	}
	b.settleAll(preds[:n], i, d, distinct, sd)
}

// settleAll settles the predecessors js of position i, resolved at
// distance d. Their results are read together first: loads that do not
// wait for one another, so the processor fetches their cache misses at
// once rather than one after the other. Unless distinct, moves back that
// reach one class reach it once.
func (b *builder) settleAll(js []int, i, d int, distinct bool, sd *settler) {
	var res [256]uint8
	for x, j := range js {
		res[x] = loadByte(b.t.res, j)
	}
	for x, j := range js {
		if res[x] == unknown && (distinct || !contains(js[:x], j)) {
			b.settle(j, i, d, sd)
		}
	}
}

// settle tells position j that its move to position i, resolved at
// distance d, is known. Other cores may be settling j at the same time:
// its counters change atomically and it is resolved by whichever core
// finds it resolvable first.
func (b *builder) settle(j, i, d int, sd *settler) {
	t := b.t
	if loadByte(t.res, i) == loss {
		if casByte(t.res, j, unknown, win) {
			t.dtm[j] = uint8(d + 1)
			sd.levels[d+1] = append(sd.levels[d+1], int32(j))
		}
		return
	}
	// Every core raises longest before it counts down, so the one that
	// counts the last move sees the longest of them.
	maxByte(b.longest, j, uint8(d))
	if decByte(b.count, j) == 0 && !b.drawn[j] && b.pendingWin[j] == 0 {
		n := int(loadByte(b.longest, j)) + 1
		if casByte(t.res, j, unknown, loss) {
			t.dtm[j] = uint8(n)
			sd.levels[n] = append(sd.levels[n], int32(j))
		}
	}
}
