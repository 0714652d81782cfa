package tablebase

import (
	"sync"

	"kibitz/engine/board"
)

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

// prepareExits works out every way out of the table before the seeding
// starts, generating the smaller tables first (the seeding then only
// reads them).
func (b *builder) prepareExits() {
	b.l.eachExit(func(a, captured, promoted int) {
		b.exits[exitKey(a, captured, promoted)] = b.set.exitOf(&b.l, a, captured, promoted)
	})
}

// exitOf works out one way out of a table of layout l.
func (set *Set) exitOf(l *layout, a, captured, promoted int) *exit {
	// Where each piece goes: childOf on a position whose squares are the
	// pieces' own numbers.
	var numbered pos
	for i := 0; i < l.men; i++ {
		numbered.sq[i] = board.Square(i)
	}
	s, np := childOf(l, numbered, a, captured, promoted)
	e := &exit{men: s.Men()}
	if len(s.White) == 1 && len(s.Black) == 1 {
		e.bare = true
		return e
	}
	cs, swapped := s.canonical()
	e.swapped, e.table, e.layout = swapped, set.Table(cs), newLayout(cs)
	if !swapped {
		for k := 0; k < e.men; k++ {
			e.order[k] = int8(np.sq[k])
		}
		return e
	}
	// Black becomes White: Black's pieces first (as value does).
	sl := newLayout(s)
	n := 0
	for c := 1; c >= 0; c-- {
		for i := 0; i < sl.men; i++ {
			if sl.side[i] == c {
				e.order[n] = int8(np.sq[i])
				n++
			}
		}
	}
	return e
}
