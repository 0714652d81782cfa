package engine

import (
	"fmt"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/cluster"
	"kibitz/engine/search"
)

// Workers: one search on several searchers that have tables of their own
// and share their deepest entries by messages (engine/cluster). Natively
// (SetWorkers) the engine runs them itself, over channels, each with its
// share of the table; in a browser each Web Worker's engine is one member
// (Join), and the page starts the searches of all of them. A limited
// strength always searches alone: its choice of move is the level's.

// MaxWorkers bounds SetWorkers and the members of a joined cluster.
const MaxWorkers = 64

// WorkersRange is the range of SetWorkers (the UCI option Workers).
func WorkersRange() (lo, hi int) { return 1, MaxWorkers }

// localCluster is what SetWorkers builds: the helpers' searchers and every
// member's place, the engine's own first.
type localCluster struct {
	helpers []*search.Searcher
	members []*cluster.Member
}

// gatherWait is how long member 0 waits for the helpers' answers once its
// own search is over. Local helpers are stopped directly and answer within
// a node; a browser's worker sees the stop at its next exchange (tens of
// milliseconds), or never if it crashed.
const gatherWait = 500 * time.Millisecond

// SetWorkers makes the engine search with n cooperating searchers (1: one,
// as before), each one thread with 1/n of the table (Hash is the total).
func (e *Engine) SetWorkers(n int) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	if lo, hi := WorkersRange(); n < lo || n > hi {
		return fmt.Errorf("workers %d is out of range %d..%d", n, lo, hi)
	}
	e.local = nil
	if n > 1 {
		ts := cluster.Local(n)
		lc := &localCluster{}
		for i := range n {
			lc.members = append(lc.members, cluster.New(i, n, ts[i]))
		}
		e.local = lc
		for i := 1; i < n; i++ {
			lc.helpers = append(lc.helpers, search.New(e.memberOptions(i)))
		}
	}
	e.update(func(*search.Options) {})
	return nil
}

// Workers returns the number of searchers SetWorkers asked for.
func (e *Engine) Workers() int {
	if e.local == nil {
		return 1
	}
	return len(e.local.members)
}

// Join makes the engine one member of a cluster whose other members are
// elsewhere (a browser's other workers): GoShared then searches as that
// member. nil leaves it.
func (e *Engine) Join(m *cluster.Member) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	if m != nil && (m.Count < 1 || m.Count > MaxWorkers || m.Index < 0 || m.Index >= m.Count) {
		return fmt.Errorf("member %d of %d: out of range 1..%d", m.Index, m.Count, MaxWorkers)
	}
	e.joined = m
	return nil
}

// memberOptions are the search options of member i of the local cluster:
// one thread, its share of the table, its place, its exchange.
func (e *Engine) memberOptions(i int) search.Options {
	o := e.opts
	if e.local == nil {
		return o
	}
	n := len(e.local.members)
	o.HashMB, o.Threads, o.Member, o.Exchange = max(o.HashMB/n, 1), 1, i, e.local.members[i].Exchange
	if i > 0 {
		o.Yield = nil
	}
	return o
}

// applyOptions hands the options to every searcher.
func (e *Engine) applyOptions() {
	e.opts = search.Normalized(e.opts)
	e.search.SetOptions(e.memberOptions(0))
	if e.local != nil {
		for i, h := range e.local.helpers {
			h.SetOptions(e.memberOptions(i + 1))
		}
	}
}

// helperLimits are the limits of a helper's search: as deep as member 0's,
// never stopping by itself otherwise: member 0 stops it.
func helperLimits(lim search.Limits) search.Limits {
	return search.Limits{Depth: lim.Depth, Mate: lim.Mate, Infinite: true, SearchMoves: lim.SearchMoves}
}

// goSearch starts the search: alone, on the local cluster, or as a member
// of the joined cluster when shared is its search number (0: alone).
func (e *Engine) goSearch(pos *board.Position, lim search.Limits, report func(search.Info), shared uint32) <-chan search.Result {
	alone := e.opts.Strength.Limited()
	switch {
	case e.local != nil && !alone:
		return e.goLocal(pos, lim, report)
	case e.joined != nil && shared != 0 && !alone:
		return e.goJoined(pos, lim, report, shared)
	}
	if e.joined != nil {
		e.search.SetOptions(e.opts) // no exchange: a search of its own
	}
	return e.search.Go(pos, lim, report)
}

// goLocal runs the local cluster's search.
func (e *Engine) goLocal(pos *board.Position, lim search.Limits, report func(search.Info)) <-chan search.Result {
	lc := e.local
	e.searches++
	id := e.searches
	lc.members[0].Begin(id, lim.Depth, e.search.Stop)
	answered := make(chan struct{}, len(lc.helpers))
	for i, h := range lc.helpers {
		m := lc.members[i+1]
		m.Begin(id, lim.Depth, h.Stop)
		ch := h.Go(pos, helperLimits(lim), nil)
		go func() {
			m.Finish(<-ch)
			answered <- struct{}{}
		}()
	}
	main := e.search.Go(pos, lim, report)
	out := make(chan search.Result, 1)
	go func() {
		r := <-main
		for _, h := range lc.helpers {
			h.Stop()
		}
		r, _ = lc.members[0].Gather(r, lim.Depth, gatherWait, func() { time.Sleep(time.Millisecond) })
		for range lc.helpers {
			<-answered // every helper idle before the next search
		}
		out <- r
	}()
	return out
}

// goJoined runs this engine's part of a search of the joined cluster.
func (e *Engine) goJoined(pos *board.Position, lim search.Limits, report func(search.Info), id uint32) <-chan search.Result {
	m := e.joined
	o := e.opts
	o.Member, o.Exchange = m.Index, m.Exchange
	e.search.SetOptions(o)
	m.Begin(id, lim.Depth, e.search.Stop)
	if m.Index > 0 {
		lim = helperLimits(lim)
		report = nil
	}
	in := e.search.Go(pos, lim, report)
	if m.Stopped() {
		// Member 0 was done before this search began: the stop came
		// before Go, which clears it.
		e.search.Stop()
	}
	out := make(chan search.Result, 1)
	go func() {
		r := <-in
		if m.Index > 0 {
			m.Finish(r)
		} else {
			r, _ = m.Gather(r, lim.Depth, gatherWait, func() { time.Sleep(time.Millisecond) })
		}
		out <- r
	}()
	return out
}
