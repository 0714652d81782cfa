package tablebase

import (
	"fmt"
	"runtime"
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
	b := &builder{set: set, sig: s, l: l}
	// The tables this one leads to first, and only then its own working
	// memory: a cascade (KPPvKP, KQPvKP, KQPvKN…) must not hold the arrays
	// of every table waiting for the one below it — six bytes an entry,
	// 6.4 GB for a 5-man table with pawns.
	b.prepareExits()
	size := l.size()
	b.t = &tableInProgress{res: newBytes(size), dtm: make([]uint8, size)}
	b.count, b.longest, b.drawn, b.pendingWin = newBytes(size), newBytes(size), make([]bool, size), make([]uint8, size)
	b.seedAll()
	resolved := 0
	for _, level := range b.levels {
		for _, i := range level {
			if i >= 0 { // a capture's win (−i−1) is not known yet
				resolved++
			}
		}
	}
	b.report(-1, resolved)
	b.propagate(resolved)
	return b.t.pack(s, l)
}

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

// attackedExcept is attacked with piece skip (just captured) left out.
func (l *layout) attackedExcept(p *pos, s board.Square, c int, occ board.Bitboard, skip int) bool {
	for i := 0; i < l.men; i++ {
		if i != skip && l.side[i] == c && l.attacksOf(i, p.sq[i], occ).Has(s) {
			return true
		}
	}
	return false
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
