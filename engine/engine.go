// Package engine is Kibitz's one facade: an Engine owns the search (its
// transposition table and threads), the evaluation (the embedded net, a
// net file or the classical evaluation), the endgame tables, the endgame
// model and the strength level, and answers a search with the tables'
// verdict beside the move. The UCI loop, the browser's worker bridge and
// the HTTP API build the engine only through it, so each rule about
// assembling the engine — which net by default, when tables are trusted,
// how a table hit is reported — is written once, here.
//
// A front end sets the game's position (SetPosition) and asks the engine
// to Go, as Stockfish's engine.h is asked. One search at a time: while a
// search runs (from Go, Start or Search until its result is delivered), a
// second search, a new position and every change of settings are refused
// with ErrBusy; a front end stops or waits for the search first. The
// engine alone decides when an answer may go: an infinite search's after
// Stop, a pondering one's after PonderHit or Stop.
//
// engine imports engine/board, engine/cluster, engine/eval, engine/netinput, nnue, engine/search, engine/strength,
// engine/tablebase, engine/tablebase/wdlnet, internal/excerpt and internal/regular.
package engine

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/cluster"
	"kibitz/engine/search"
	"kibitz/engine/strength"
	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
	"kibitz/nnue"
)

// Config is how an engine starts; zero fields take the search's defaults
// (search.DefaultHashMB, one thread, one line).
type Config struct {
	HashMB       int
	Threads      int
	MultiPV      int
	MoveOverhead time.Duration // 0: search.DefaultMoveOverhead
	// Yield, if set, is called every 16 Ki nodes so that a host without
	// preemption (wasm in a browser) can run its event loop.
	Yield func()
	// Classical starts with the classical evaluation instead of the net.
	Classical bool
	// Net, if set, is the net to evaluate with instead of the embedded
	// one (engines may share one).
	Net *nnue.Net
}

// Engine is one player: settings, evaluation, tables, model and search.
type Engine struct {
	search *search.Searcher
	opts   search.Options

	useNNUE bool
	net     *nnue.Net // the chosen net; nil: the embedded one

	tables      *tablebase.Set // nil: none
	model       *wdlnet.Model  // nil: none
	modelWeight int

	local    *localCluster   // SetWorkers' helpers (workers.go); nil: one searcher
	joined   *cluster.Member // Join's cluster; nil: none
	searches uint32          // the local cluster's searches, numbered

	limitStrength bool // UCI_LimitStrength
	elo           int  // UCI_Elo
	notes         func(string)

	mu      sync.Mutex
	busy    bool
	changes int             // changes of settings under way (idle): a search waits for them
	changed *sync.Cond      // on mu: signalled when a change ends
	pos     *board.Position // the game in play (SetPosition); nil: the start
	// release is closed by Stop: an infinite search holds its answer
	// until then, as UCI's "go infinite" does, even once it has searched
	// as deep as it can; a pondering search until then or PonderHit
	// (hit), as "go ponder" does. The one place of this rule for every
	// front end.
	release, hit chan struct{}
}

// idle begins a change of settings: ErrBusy while a search runs;
// otherwise no search starts until the change ends (the returned function,
// deferred), so that a check and the change it allows are one step. A
// change may make others within it (SetOption's setters).
func (e *Engine) idle() (done func(), err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.busy {
		return nil, ErrBusy
	}
	e.changes++
	return func() {
		e.mu.Lock()
		e.changes--
		e.changed.Broadcast()
		e.mu.Unlock()
	}, nil
}

// New returns an engine at full strength with the embedded net, or the
// classical evaluation if cfg asks for it. If the embedded net cannot be
// read (the tests check that it can), the engine evaluates classically
// and New returns it together with the error.
func New(cfg Config) (*Engine, error) {
	if cfg.MoveOverhead == 0 {
		cfg.MoveOverhead = search.DefaultMoveOverhead
	}
	e := &Engine{useNNUE: !cfg.Classical, net: cfg.Net, elo: DefaultElo, modelWeight: wdlnet.DefaultTermWeight, opts: search.Options{
		HashMB: cfg.HashMB, Threads: cfg.Threads, MultiPV: cfg.MultiPV, MoveOverhead: cfg.MoveOverhead, Yield: cfg.Yield}}
	e.changed = sync.NewCond(&e.mu)
	err := e.applyNet()
	if err != nil {
		e.useNNUE = false
	}
	e.opts = search.Normalized(e.opts)
	e.search = search.New(e.opts)
	return e, err
}

// Options returns the search options in force (tests and reports).
func (e *Engine) Options() search.Options { return e.opts }

// update applies a change to the search options.
func (e *Engine) update(change func(o *search.Options)) {
	change(&e.opts)
	e.applyOptions()
}

// SetHash resizes the transposition table (it is cleared); a size
// outside HashRange is refused and the table stays as it is.
func (e *Engine) SetHash(mb int) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	if err := CheckHash(mb); err != nil {
		return err
	}
	if err := checkMemory(e.opts.HashMB, mb); err != nil {
		return err
	}
	e.update(func(o *search.Options) { o.HashMB = mb })
	return nil
}

// HashRange is the table sizes the engine accepts, in megabytes: up to
// 64 GB natively, 1 GB in a browser, whose wasm memory holds 4 GB in all.
// Every front end (UCI's option, the worker, the command line) takes its
// range from here.
func HashRange() (lo, hi int) {
	if runtime.GOARCH == "wasm" {
		return 1, 1024
	}
	return 1, 65536
}

// CheckHash says why a table size is refused (nil if it is not).
func CheckHash(mb int) error {
	if lo, hi := HashRange(); mb < lo || mb > hi {
		return fmt.Errorf("hash %d MB is out of range %d..%d", mb, lo, hi)
	}
	return nil
}

// SetThreads sets the number of search threads.
func (e *Engine) SetThreads(n int) error { return e.change(func(o *search.Options) { o.Threads = n }) }

// SetMultiPV sets the number of principal variations searched and reported.
func (e *Engine) SetMultiPV(n int) error {
	return e.change(func(o *search.Options) { o.MultiPV = max(n, 1) })
}

// SetMoveOverhead sets the time kept back from every timed move.
func (e *Engine) SetMoveOverhead(d time.Duration) error {
	return e.change(func(o *search.Options) { o.MoveOverhead = d })
}

// change applies a change to the search options between searches.
func (e *Engine) change(f func(o *search.Options)) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	e.update(f)
	return nil
}

// SetLevel weakens the engine to the level nearest elo (package strength;
// the scale goes through 0).
func (e *Engine) SetLevel(elo int) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	if elo < strength.MinElo || elo > strength.FullElo {
		return fmt.Errorf("elo %d is out of range %d..%d", elo, strength.MinElo, strength.FullElo)
	}
	e.setStrength(strength.ForElo(elo))
	return nil
}

// SetFullStrength undoes SetLevel.
func (e *Engine) SetFullStrength() error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	e.setStrength(strength.Params{})
	return nil
}

func (e *Engine) setStrength(level strength.Params) {
	if level != e.opts.Strength {
		e.update(func(o *search.Options) { o.Strength = level })
	}
}

// SeedStrength seeds the draws of a weakened engine, so that it need not
// play the same game twice; ErrBusy during a search, like every change.
func (e *Engine) SeedStrength(seed uint64) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	e.search.SeedStrength(seed)
	return nil
}

// NewGame forgets what the engine learnt of the game (table, histories).
func (e *Engine) NewGame() error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	e.search.NewGame()
	if e.local != nil {
		for _, h := range e.local.helpers {
			h.NewGame()
		}
	}
	return nil
}

// ClearHash empties the transposition table.
func (e *Engine) ClearHash() error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	e.search.ClearHash()
	if e.local != nil {
		for _, h := range e.local.helpers {
			h.ClearHash()
		}
	}
	return nil
}

// SetPosition sets the position of the game in play (Position returns
// it); ErrBusy while a search runs, whose answer is for the position it
// started from.
func (e *Engine) SetPosition(pos *board.Position) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.busy {
		return ErrBusy
	}
	e.pos = pos.Clone()
	return nil
}

// Position returns a copy of the position of the game in play: the
// starting position until SetPosition.
func (e *Engine) Position() *board.Position {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.pos == nil {
		return board.NewPosition()
	}
	return e.pos.Clone()
}

// Search searches pos (which it does not change) within lim, calling
// report (may be nil) with progress, and returns the result; ErrBusy if
// a search runs.
func (e *Engine) Search(pos *board.Position, lim search.Limits, report func(search.Info)) (Result, error) {
	ch, err := e.Start(pos, lim, report)
	if err != nil {
		return Result{}, err
	}
	return <-ch, nil
}

// Start is Search in the background: the result arrives on the channel,
// once the engine is free for the next search or change. An infinite
// search's result waits for Stop; a pondering one's for PonderHit or
// Stop. A search already running is ErrBusy.
func (e *Engine) Start(pos *board.Position, lim search.Limits, report func(search.Info)) (<-chan Result, error) {
	return e.start(pos, lim, report, 0)
}

// Go is Start from the position of the game in play (SetPosition), as a
// front end that keeps the game on the engine asks for a move.
func (e *Engine) Go(lim search.Limits, report func(search.Info)) (<-chan Result, error) {
	return e.start(e.game(), lim, report, 0)
}

// GoShared is Go as this engine's part of search number id of the joined
// cluster (Join): member 0 answers with the move the members chose, a
// helper with its own result once member 0 has stopped it. Without a
// cluster, or with id 0, it is Go.
func (e *Engine) GoShared(lim search.Limits, report func(search.Info), id uint32) (<-chan Result, error) {
	return e.start(e.game(), lim, report, id)
}

// game is the position of the game in play, for a search, which copies
// it: SetPosition replaces it and never changes it, so no copy is made here.
func (e *Engine) game() *board.Position {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.pos == nil {
		return board.NewPosition()
	}
	return e.pos
}

func (e *Engine) start(pos *board.Position, lim search.Limits, report func(search.Info), shared uint32) (<-chan Result, error) {
	e.mu.Lock()
	for e.changes > 0 {
		e.changed.Wait() // a change of settings finishes first
	}
	if e.busy {
		e.mu.Unlock()
		return nil, ErrBusy
	}
	e.busy = true
	release, hit := make(chan struct{}), make(chan struct{})
	e.release, e.hit = release, hit
	e.mu.Unlock()
	v := e.Verdict(pos)
	in := e.goSearch(pos, lim, report, shared)
	out := make(chan Result, 1)
	go func() {
		r := <-in
		switch {
		case lim.Infinite:
			<-release
		case lim.Ponder:
			// Ended early (a mate found, the depth reached), the answer
			// still waits: the opponent has not moved yet.
			select {
			case <-release:
			case <-hit:
			}
		}
		e.mu.Lock()
		e.busy = false
		e.mu.Unlock()
		out <- Result{Result: r, Table: v}
	}()
	return out, nil
}

// Stop asks a running search to finish now; its result still follows.
func (e *Engine) Stop() {
	e.letGo(&e.release)
	e.search.Stop()
}

// letGo closes a held answer's channel, if it is open, so that the answer
// goes once the search has it.
func (e *Engine) letGo(ch *chan struct{}) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if *ch != nil {
		close(*ch)
		*ch = nil
	}
}

// PonderHit turns a pondering search (search.Limits.Ponder) into a search
// on the engine's own clock: the expected reply was played.
func (e *Engine) PonderHit() {
	e.letGo(&e.hit)
	e.search.PonderHit()
}

// ErrBusy is the answer to a search or a change of settings while a
// search runs.
var ErrBusy = errors.New("a search is running; stop it first")
