package search

import (
	"time"

	"kibitz/engine/board"
)

// Sharing between searches that have tables of their own (engine/cluster:
// the browser's workers, which share no memory). A search given
// Options.Exchange collects the deepest entries it stores and, about every
// ExchangeInterval and after each iteration from ShareMinDepth on, hands
// them over and stores what the others sent; a
// member other than the first (Options.Member > 0) skips depths as a
// helper thread does, so that the searches diverge. This is Lazy SMP by
// messages, as in Stockfish's cluster branch (a table per process, the
// deepest entries passed on, the move chosen by vote).

// SharedEntry is one table entry as it travels: the position's full key
// and the entry's packed contents (move, score, evaluation, depth, bound;
// the age is the receiver's).
type SharedEntry struct {
	Key, Data uint64
}

// Depth, Score and Bound unpack the entry's contents.
func (s SharedEntry) Depth() int   { return int(int8(s.Data >> 48)) }
func (s SharedEntry) Score() int   { return int(int16(s.Data >> 16)) }
func (s SharedEntry) Bound() Bound { return Bound(s.Data >> 56 & 3) }

// Valid reports whether an entry is one a search could have stored: a
// depth the search reaches, a bound, a score and an evaluation within
// their ranges. A received entry is stored only if it is; its move is
// checked for legality where the search uses it, as every table move is.
func (s SharedEntry) Valid() bool {
	eval := int(int16(s.Data >> 32))
	return s.Key != 0 && s.Depth() >= ShareMinDepth && s.Depth() <= MaxDepth && s.Bound() != BoundNone &&
		s.Score() > -Infinity && s.Score() < Infinity && (eval == noEval || (eval >= -MaxEval && eval <= MaxEval))
}

const (
	// ShareMinDepth is the shallowest entry passed on: deeper ones save
	// the receiver the most, and are few enough to send them all.
	ShareMinDepth = 5
	// ShareMax is the most entries one exchange sends, the deepest.
	ShareMax = 32
	// ExchangeInterval is how often a search exchanges (checked every
	// 1024 nodes): a few tens of milliseconds.
	ExchangeInterval = 20 * time.Millisecond
)

// shareBuffer keeps the deepest entries stored since the last exchange.
type shareBuffer struct {
	entries [ShareMax]SharedEntry
	n       int
}

// add keeps e if it is among the deepest seen: a full buffer gives up its
// shallowest entry for a deeper one.
func (b *shareBuffer) add(e SharedEntry) {
	if b.n < ShareMax {
		b.entries[b.n] = e
		b.n++
		return
	}
	low := 0
	for i := 1; i < ShareMax; i++ {
		if b.entries[i].Depth() < b.entries[low].Depth() {
			low = i
		}
	}
	if e.Depth() > b.entries[low].Depth() {
		b.entries[low] = e
	}
}

// share records an entry just stored for the next exchange.
func (w *worker) share(key uint64, data uint64, depth int) {
	if depth >= ShareMinDepth && w.searcher.opts.Exchange != nil {
		w.shared.add(SharedEntry{Key: key, Data: data})
	}
}

// exchange hands the collected entries over and stores those received.
func (w *worker) exchange() {
	// A host that delivers messages only between its turns (a browser's
	// worker: Options.Yield) gets one first, so that what the others sent
	// since is here to be stored.
	if y := w.searcher.opts.Yield; y != nil {
		y()
	}
	w.lastExchange = time.Now()
	out := w.shared.entries[:w.shared.n]
	in := w.searcher.opts.Exchange(out)
	w.shared.n = 0
	for _, s := range in {
		if s.Valid() {
			w.searcher.tt.absorb(s)
		}
	}
}

// absorb stores an entry another search sent, unless this table holds a
// deeper result for the same position from this search.
func (t *TT) absorb(s SharedEntry) {
	e := t.slot(s.Key)
	old := e.data.Load()
	if e.check.Load()^old == s.Key && uint8(old>>58) == t.age && int(int8(old>>48)) >= s.Depth() {
		return
	}
	m, score, eval := board.Move(s.Data), s.Score(), int(int16(s.Data>>32))
	d := pack(m, score, eval, s.Depth(), s.Bound(), t.age)
	e.data.Store(d)
	e.check.Store(s.Key ^ d)
}
