package tablebase

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"kibitz/engine/board"
)

// Set holds generated tables by signature; the tables a capture leads to
// are generated first. Table and Generate may be called from several
// goroutines (each table is generated once); ProbeWDL, for the search,
// reads without locking and expects the set to stay as it is while a
// search runs.
type Set struct {
	mu      sync.Mutex
	tables  map[string]*Table
	pending map[string]chan struct{}      // tables being generated
	byKey   [materials * materials]*Table // by material, for ProbeWDL
	// Store, if set, receives each table as it is finished, before the
	// set holds it, and returns the table to hold in its place: the same,
	// or the one mapped from the file it was written to, which costs no
	// memory while the tables that need it are made.
	Store func(t *Table) *Table
	// Progress, if set, hears of each table as it is finished (from the
	// goroutine that generated it).
	Progress func(t *Table)
	// Working, if set, hears how a table's generation goes while it
	// runs: once its positions are seeded, then after each level of
	// distance to mate (from the goroutine that generates it).
	Working func(s Signature, st Stage)
}

// Stage is how far a table's generation has gone: Level is −1 once the
// positions are seeded (Entries of them, used or not), then the distance
// in plies of the level just settled; Resolved counts the wins and losses
// found so far.
type Stage struct {
	Level             int
	Entries, Resolved int
}

// NewSet returns an empty set.
func NewSet() *Set { return &Set{tables: map[string]*Table{}, pending: map[string]chan struct{}{}} }

// Table returns the table of s (in its canonical orientation, the stronger
// side as White), generating it and what it needs.
func (set *Set) Table(s Signature) *Table {
	s, _ = s.canonical()
	key := s.String()
	for {
		set.mu.Lock()
		if t, ok := set.tables[key]; ok {
			set.mu.Unlock()
			return t
		}
		wait, busy := set.pending[key]
		if !busy {
			break // still locked: this goroutine generates it
		}
		set.mu.Unlock()
		<-wait
	}
	done := make(chan struct{})
	set.pending[key] = done
	set.mu.Unlock()
	t := set.generate(s)
	if set.Store != nil {
		t = set.Store(t)
	}
	set.mu.Lock()
	set.tables[key] = t
	set.index(t)
	delete(set.pending, key)
	set.mu.Unlock()
	close(done)
	if set.Progress != nil {
		set.Progress(t)
	}
	return t
}

// Generate makes the tables of sigs (and those they need), up to workers
// of them at once, and returns them in the order of sigs.
func (set *Set) Generate(sigs []Signature, workers int) []*Table {
	out := make([]*Table, len(sigs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = set.Table(sigs[i])
			}
		}()
	}
	for i := range sigs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// value of a position of any signature for its side to move: result code
// and plies to mate. Bare kings are a draw.
func (set *Set) value(s Signature, p pos) (uint8, uint8) {
	if len(s.White) == 1 && len(s.Black) == 1 {
		return draw, 0
	}
	cs, q := orient(s, p)
	t := set.Table(cs)
	cl := newLayout(cs)
	return t.at(cl.canon(&q))
}

// generate builds the table of a canonical signature by retrograde
// analysis: every position's moves are counted; mates and the results of
// captures (from the smaller tables) seed the levels; then, level by
// level of distance to mate, each resolved position settles its
// predecessors — a loss makes every predecessor a win one ply further, and
// a predecessor whose moves all lead to the opponent's wins is lost.
// Positions left unresolved are draws.
func (set *Set) generate(s Signature) *Table {
	l := newLayout(s)
	size := l.size()
	b := &builder{set: set, sig: s, l: l,
		t:     &tableInProgress{res: newBytes(size), dtm: make([]uint8, size)},
		count: newBytes(size), longest: newBytes(size), drawn: make([]bool, size), pendingWin: make([]uint8, size)}
	b.prepareExits()
	b.seedAll()
	resolved := 0
	for _, l := range b.levels {
		for _, i := range l {
			if i >= 0 { // a capture's win (−i−1) is not known yet
				resolved++
			}
		}
	}
	b.report(-1, resolved)
	b.propagate(resolved)
	return b.t.pack(s, l)
}

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
	l.eachMove(&p, func(q pos, a, captured, promoted int) {
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

// attackedExcept is attacked with piece skip (just captured) left out.
func (l *layout) attackedExcept(p *pos, s board.Square, c int, occ board.Bitboard, skip int) bool {
	for i := 0; i < l.men; i++ {
		if i != skip && l.side[i] == c && l.attacksOf(i, p.sq[i], occ).Has(s) {
			return true
		}
	}
	return false
}

// settlePredecessors visits every position one move before position i
// (resolved at distance d) within the table: the side not to move in i
// moves a piece back to an empty square, or a pawn one square back (two
// from its fourth rank, when that push is what left an en passant capture
// open in i, or when it could not have).
func (b *builder) settlePredecessors(i, d int, sd *settler) {
	t, l := b.t, &b.l
	c := l.decode(i)
	occ, _, _ := l.occupancy(&c)
	mover := 1 - c.stm
	distinct := l.distinctMoves(&c, c.stm)
	var seen [256]int
	nSeen := 0
	visit := func(p pos) {
		p.stm, p.pushed = mover, 0
		pocc := occ
		for a := 0; a < l.men; a++ {
			if p.sq[a] != c.sq[a] {
				pocc = pocc&^c.sq[a].Bit() | p.sq[a].Bit()
			}
		}
		if l.attacked(&p, p.sq[l.kings[c.stm]], mover, pocc) {
			return // the side not to move would be in check
		}
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
			p.pushed = k
			j := l.canon(&p)
			if loadByte(t.res, j) != unknown || !distinct && contains(seen[:nSeen], j) {
				continue
			}
			if !distinct && nSeen < len(seen) {
				seen[nSeen] = j
				nSeen++
			}
			b.settle(j, i, d, sd)
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

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
