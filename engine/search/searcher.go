package search

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/strength"
	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
	"kibitz/nnue"
)

// Options configure a Searcher. HashMB, Threads and MultiPV below 1 mean
// their defaults; every other field is taken as given, zero included.
type Options struct {
	HashMB       int           // transposition table size (default DefaultHashMB)
	Threads      int           // search threads (default 1; always 1 in wasm)
	MultiPV      int           // principal variations to report (default 1)
	MoveOverhead time.Duration // reserved per timed move for GUI/network delay (see DefaultMoveOverhead)
	// Yield, if set, is called every 16 Ki nodes of the main thread. A
	// single-threaded host without preemption (wasm in a browser) uses
	// it to hand control back to its event loop so that Stop can arrive.
	Yield func()
	// Net, if set, evaluates with this NNUE instead of the classical
	// evaluation.
	Net *nnue.Net
	// Tables, if set, are endgame tables the search trusts: at the root
	// only the moves they rate best are searched, and in the tree a
	// position they hold is scored without search.
	Tables *tablebase.Set
	// EndgameModel, if set, corrects the evaluation of the endings it
	// learned with its predicted result (wdlnet.Term): knowledge of the
	// 5-man endings where their tables are not at hand.
	EndgameModel *wdlnet.Term
	// Exchange, if set, connects this search to others on the same
	// position that have tables of their own (share.go): called from the
	// main thread about every ExchangeInterval with the deepest entries
	// stored since the last call (read before returning: the slice is
	// reused), it returns the entries the others sent, which are stored if
	// valid.
	Exchange func(out []SharedEntry) []SharedEntry
	// Member is this search's place among such searches: 0 for the one
	// whose answer is played, from 1 for the helpers, which skip depths as
	// helper threads do (to a fixed depth, every depth of the other parity
	// than the limit's: worker.skips).
	Member int
	// Strength, when limited, weakens the play (package strength): the
	// search keeps to the level's node budget, scores the level's number
	// of root moves exactly and plays the one strength.Pick draws. The
	// endgame tables are then not consulted at the root.
	Strength strength.Params
	// Tuning is the tunable parameters' values (nil: their defaults).
	Tuning *Tuning
}

// Info is one progress report: sent after each iteration for every
// principal variation, and when the best move changes during an iteration.
type Info struct {
	Depth, SelDepth int
	MultiPV         int // 1-based line number
	Score           int // centipawns or a mate score (see IsMate, MateMoves)
	Bound           Bound
	Nodes           uint64
	Time            time.Duration
	NPS             uint64
	HashFull        int    // permille
	TBHits          uint64 // positions scored by the endgame tables
	PV              []board.Move
}

// Result is what a search returns: the best move of the last completed
// iteration (never NullMove while a legal move exists), the expected reply,
// and that iteration's figures.
type Result struct {
	Move, Ponder board.Move
	Score        int
	Depth        int
	SelDepth     int
	Nodes        uint64
	Time         time.Duration
	PV           []board.Move
}

// Searcher owns the transposition table and the search threads. One search
// runs at a time; Stop may be called from any goroutine.
type Searcher struct {
	opts Options
	tt   *TT
	stop atomic.Bool
	// pondering is set by a search with Limits.Ponder until PonderHit,
	// which records in hitAt (Unix nanoseconds) when the engine's own
	// clock started.
	pondering atomic.Bool
	hitAt     atomic.Int64
	mu        sync.Mutex // held for the duration of a search
	workers   []*worker
	rng       *rand.Rand // draws the moves of a limited strength (SeedStrength)
}

// DefaultMoveOverhead is the time a host that relays moves (a GUI, the
// page, the API) reserves per timed move unless told otherwise.
const DefaultMoveOverhead = 30 * time.Millisecond

// New returns an engine with the given options.
func New(opts Options) *Searcher {
	e := &Searcher{}
	e.SetOptions(opts)
	e.SeedStrength(0)
	return e
}

// SeedStrength restarts the random choices of a limited strength from
// seed: the same seed and the same searches give the same moves.
func (s *Searcher) SeedStrength(seed uint64) {
	s.rng = rand.New(rand.NewPCG(seed, 0x6b6962697a))
}

// DefaultHashMB is the table's size when none is asked for, in megabytes.
const DefaultHashMB = 16

// MaxThreads bounds the threads of one search.
const MaxThreads = 256

// Normalized is o with its defaults filled in, as SetOptions applies it.
func Normalized(o Options) Options {
	if o.HashMB <= 0 {
		o.HashMB = DefaultHashMB
	}
	if o.Threads <= 0 || runtime.GOARCH == "wasm" {
		o.Threads = 1
	}
	if o.MultiPV <= 0 {
		o.MultiPV = 1
	}
	o.MoveOverhead = max(o.MoveOverhead, 0)
	return o
}

// SetOptions applies options, resizing the table when the size changes and
// clearing it when the evaluation changes.
// It must not be called during a search.
func (s *Searcher) SetOptions(o Options) {
	o = Normalized(o)
	if s.tt == nil || o.HashMB != s.opts.HashMB {
		s.tt = NewTT(o.HashMB)
	} else if o.Net != s.opts.Net {
		// Scores stored under another evaluation would mislead the next
		// searches.
		s.tt.Clear()
	}
	s.opts = o
	for len(s.workers) < o.Threads {
		s.workers = append(s.workers, newWorker(s, len(s.workers)))
	}
	s.workers = s.workers[:o.Threads]
}

// Options returns the options in force.
func (s *Searcher) Options() Options { return s.opts }

// NewGame forgets everything learned: the table, history and killers.
// An engine after NewGame searches exactly as a new one would, without
// the cost of allocating a table (a host that answers many independent
// requests keeps its engines).
func (s *Searcher) NewGame() {
	s.tt.Clear()
	for _, w := range s.workers {
		w.forget()
	}
}

// ClearHash empties the transposition table.
func (s *Searcher) ClearHash() { s.tt.Clear() }

// Stop asks a running search to return as soon as possible.
func (s *Searcher) Stop() { s.stop.Store(true) }

// PonderHit tells a pondering search that the expected reply was played:
// from now on it searches on its own clock. The time it pondered counts
// towards its planned share (it may stop at once if it thought long
// enough), but the hard limit runs from now, as the clock does.
func (s *Searcher) PonderHit() {
	s.hitAt.Store(time.Now().UnixNano())
	s.pondering.Store(false)
}

// Search searches pos (which it does not modify) within the limits and
// returns the best move. report, if not nil, receives progress reports
// from the searching goroutine.
func (s *Searcher) Search(pos *board.Position, lim Limits, report func(Info)) Result {
	s.stop.Store(false)
	s.pondering.Store(lim.Ponder)
	return s.search(pos, lim, report)
}

// Go starts a search in the background and returns a channel that delivers
// its result. The stop flag is reset before Go returns, so a Stop that
// follows Go is never lost.
func (s *Searcher) Go(pos *board.Position, lim Limits, report func(Info)) <-chan Result {
	s.stop.Store(false)
	s.pondering.Store(lim.Ponder)
	pos = pos.Clone()
	ch := make(chan Result, 1)
	go func() { ch <- s.search(pos, lim, report) }()
	return ch
}

func (s *Searcher) search(pos *board.Position, lim Limits, report func(Info)) Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	start := time.Now()
	s.tt.newSearch()
	tm := budget(lim, pos.SideToMove(), s.opts.MoveOverhead) // the time manager's
	rootMoves := makeRootMoves(pos, lim.SearchMoves)
	level := s.opts.Strength
	rootMate := 0 // the mate a root in the tables is won or lost by, in search units
	if s.opts.Tables != nil && !level.Limited() {
		rootMoves = tableRootMoves(s.opts.Tables, pos, rootMoves)
		if w, d, ok := s.opts.Tables.DTM(pos); ok && w != 0 && d < MaxPly {
			rootMate = w * (Mate - d)
		}
	}
	if level.Limited() {
		if lim.Nodes == 0 || lim.Nodes > level.Nodes {
			lim.Nodes = level.Nodes
		}
	}

	var wg sync.WaitGroup
	for i, w := range s.workers {
		w.prepare(pos, lim, tm, start, rootMoves)
		w.rootMate = rootMate
		if i > 0 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w.iterate(nil)
			}()
		}
	}
	main := s.workers[0]
	res := main.iterate(report)
	s.stop.Store(true) // release the helpers
	wg.Wait()
	if level.Limited() && len(main.completed) > 0 {
		res = main.pick(res, strength.Pick(lineScores(main.completed), level, s.rng))
	}
	res.Nodes = s.totalNodes()
	res.Time = time.Since(start)
	return res
}

func (s *Searcher) totalNodes() uint64 {
	var n uint64
	for _, w := range s.workers {
		n += w.sharedNodes.Load()
	}
	return n
}

func (s *Searcher) totalTBHits() uint64 {
	var n uint64
	for _, w := range s.workers {
		n += w.tbHits.Load()
	}
	return n
}

// rootMove is a legal move at the root with what the last search of it
// found.
type rootMove struct {
	move     board.Move
	score    int
	prev     int // score in the previous iteration, for aspiration
	bound    Bound
	seldepth int
	pv       []board.Move
	nodes    uint64 // spent on this move since the search began, for the time manager
}

func makeRootMoves(pos *board.Position, only []board.Move) []rootMove {
	var l board.MoveList
	pos.GenerateMoves(&l, board.GenAll)
	var out []rootMove
	for _, m := range l.Slice() {
		if len(only) > 0 && !slices.Contains(only, m) {
			continue
		}
		out = append(out, rootMove{move: m, score: -Infinity, prev: -Infinity, pv: []board.Move{m}})
	}
	return out
}

// tableRootMoves keeps, when the tables hold the root's position, the
// moves they rate best: a win by the fastest mate, a draw, or the longest
// resistance.
func tableRootMoves(tables *tablebase.Set, pos *board.Position, moves []rootMove) []rootMove {
	if _, ok := tables.ProbeWDL(pos); !ok {
		return moves
	}
	rank := func(m board.Move) (int, bool) {
		c := pos.Clone()
		c.MakeMove(m)
		if w, d, ok := tables.DTM(c); ok {
			// The child's result is the opponent's.
			return -w*(1000-d) - (1 - w*w), true
		}
		return 0, false
	}
	best, kept := -1<<30, moves[:0:0]
	for _, rm := range moves {
		r, ok := rank(rm.move)
		if !ok {
			return moves // a move leaves the tables (a capture into one the set lacks): search them all
		}
		if r > best {
			best, kept = r, kept[:0]
		}
		if r == best {
			kept = append(kept, rm)
		}
	}
	return kept
}

// TBWin is the score of a position the tables say is won: above every
// evaluation, below every mate, less the plies to reach it.
const TBWin = MateInMax - 500
