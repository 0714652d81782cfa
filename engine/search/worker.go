package search

import (
	"cmp"
	"slices"
	"sync/atomic"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/eval"
	"kibitz/engine/netinput"
	"kibitz/engine/tablebase/wdlnet"
	"kibitz/nnue"
)

// stackEntry is per-ply search state.
type stackEntry struct {
	killers    [2]board.Move
	staticEval int
	// cont is the continuation history of the move made at this ply (its
	// piece and destination): how the replies to it fared.
	cont *contTable
	// excluded is the move a singular search at this ply leaves out.
	excluded board.Move
	// doubleExt counts the double extensions in the line up to and
	// including the move made at this ply.
	doubleExt int
}

// contTable scores the quiet replies to one move by piece and destination.
type contTable [13][64]int16

// worker is one search thread with its own position, history tables and
// counters; workers share only the transposition table and the stop flag.
type worker struct {
	searcher    *Searcher
	tuned       [numParams]int // the search's Tuning, its values
	tuning      *Tuning
	id          int
	pos         *board.Position
	nodes       uint64
	sharedNodes atomic.Uint64 // nodes, published every few thousand for reports and limits
	seldepth    int
	rootDepth   int
	stopped     bool
	rootMate    int // a root in the tables: the mate it is won or lost by (0: none known)

	lim       Limits
	budget    timeBudget
	start     time.Time
	nodeLimit uint64
	rootMoves []rootMove
	// With a limited strength: the node limit, which applies once the
	// first iteration is complete, and that iteration's scored lines.
	levelNodes uint64
	completed  []rootMove
	stability  stability // the time manager's view of the iterations so far
	hitSeen    bool      // a pondering search has acted on its ponder hit

	stack   [MaxPly + 4]stackEntry
	pickers [MaxPly + 4]picker // one per ply, reused: a fresh one per node would be zeroed each time
	pv      [MaxPly + 1][MaxPly + 1]board.Move
	pvLen   [MaxPly + 1]int
	history [2][64][64]int32
	// contHist[piece][to] is the table of the replies to moves of piece to
	// to, one and two plies later; a null move's row is [NoPiece][0].
	contHist [13][64]contTable
	counter  [13][64]board.Move // reply to the previous move, by its piece and destination
	nn       *nnue.Evaluator    // nil: classical evaluation
	egm      *wdlnet.TermProbe  // nil: no endgame model
	evals    evalCache
	evalsOf  evalSource    // what evals holds evaluations by
	tbHits   atomic.Uint64 // positions scored by the endgame tables
	// With Options.Exchange: the deep entries stored since the last
	// exchange, and when that was (share.go).
	shared       shareBuffer
	lastExchange time.Time
}

func newWorker(s *Searcher, id int) *worker { return &worker{searcher: s, id: id} }

// evalCache keeps the static evaluations of recent positions, each entry
// the key's top 48 bits and the score's 16, in a slot chosen by the key's
// low bits. The table keeps evaluations too, but its entries are
// overwritten: in datagen's games a third of the evaluations were of a
// position evaluated before in the same game, and a cache this small
// (128 KB, within the core's second-level cache) answers nine in ten
// of those.
type evalCache [evalCacheSize]uint64

const evalCacheSize = 1 << 14

// evalSource is what a static evaluation depends on besides the position.
type evalSource struct {
	net *nnue.Net
	egm *wdlnet.Term
}

func (c *evalCache) probe(key uint64) (int, bool) {
	e := c[key&(evalCacheSize-1)]
	if (e^key)>>16 != 0 || e == 0 {
		return 0, false
	}
	return int(int16(e)), true
}

func (c *evalCache) store(key uint64, v int) {
	c[key&(evalCacheSize-1)] = key&^0xFFFF | uint64(uint16(int16(v)))
}

// forget clears what earlier searches left in the worker — its history
// and countermove tables and its evaluation cache; prepare resets the rest
// before every search.
func (w *worker) forget() {
	w.history = [2][64][64]int32{}
	w.contHist = [13][64]contTable{}
	w.counter = [13][64]board.Move{}
	w.evals = evalCache{}
}

func (w *worker) prepare(pos *board.Position, lim Limits, budget timeBudget, start time.Time, rootMoves []rootMove) {
	if w.pos == nil {
		w.pos = new(board.Position)
	}
	w.pos.CopyFrom(pos) // into the worker's own buffer: the last search's position is done with
	w.lim, w.budget, w.start = lim, budget, start
	w.nodes, w.seldepth, w.stopped = 0, 0, false
	w.tbHits.Store(0)
	w.sharedNodes.Store(0)
	w.nodeLimit, w.levelNodes, w.completed = lim.Nodes, 0, w.completed[:0]
	if w.searcher.opts.Strength.Limited() {
		w.nodeLimit, w.levelNodes = 0, lim.Nodes
	}
	w.stability, w.hitSeen = stability{}, false
	w.shared.n, w.lastExchange = 0, start
	w.tuning = w.searcher.opts.Tuning
	if w.tuning == nil {
		w.tuning = defaultTuning
	}
	w.tuned = w.tuning.values // the worker's own copy: read at every node
	w.rootMoves = slices.Clone(rootMoves)
	for i := range w.rootMoves {
		w.rootMoves[i].pv = slices.Clone(rootMoves[i].pv)
	}
	for i := range w.stack {
		w.stack[i] = stackEntry{}
	}
	if net := w.searcher.opts.Net; net == nil {
		w.nn = nil
	} else {
		if w.nn == nil || w.nn.Net() != net {
			w.nn = nnue.NewEvaluator(net)
		}
		w.nn.Reset(netinput.Of(w.pos))
	}
	if src := (evalSource{w.searcher.opts.Net, w.searcher.opts.EndgameModel}); src != w.evalsOf {
		w.evals, w.evalsOf = evalCache{}, src
	}
	if t := w.searcher.opts.EndgameModel; t == nil {
		w.egm = nil
	} else if w.egm == nil || w.egm.Term() != t {
		w.egm = t.Probe()
	}
}

// evaluate is the search's one call into the static evaluation, and the
// three functions below its one place for moves: an incremental evaluator
// is kept in step here, with no interface call per node.
// Whatever the evaluation returns is kept below the mate range, so that no
// net, however odd, can announce a mate or push a score past Infinity.
//
// A position evaluated lately is answered from the evaluation cache; its
// accumulators then stay as they were, and the nodes below bring them up
// to date if they evaluate.
func (w *worker) evaluate() int {
	key := w.pos.Key()
	if v, ok := w.evals.probe(key); ok {
		return v
	}
	var v int
	if w.nn != nil {
		v = w.nn.Evaluate(netinput.Of(w.pos))
	} else {
		v = eval.Evaluate(w.pos)
	}
	if w.egm != nil {
		v = w.egm.Adjust(w.pos, v)
	}
	v = max(-MaxEval, min(MaxEval, v))
	w.evals.store(key, v)
	return v
}

// prefetchChild starts loading the table entry of the position after m
// (where the platform has a prefetch; elsewhere nothing is computed).
func (w *worker) prefetchChild(m board.Move) {
	if canPrefetch {
		prefetch(w.searcher.tt.slot(w.pos.KeyAfter(m)))
	}
}

func (w *worker) makeMove(m board.Move, ply int) {
	w.stack[ply].cont = &w.contHist[w.pos.MovedPiece(m)][m.To()]
	w.pos.MakeMove(m)
	if w.nn != nil {
		w.nn.Push(netinput.Of(w.pos))
	}
}

func (w *worker) makeNull(ply int) {
	if canPrefetch {
		prefetch(w.searcher.tt.slot(w.pos.KeyAfterNull()))
	}
	w.stack[ply].cont = &w.contHist[board.NoPiece][0]
	w.pos.MakeNullMove()
	if w.nn != nil {
		w.nn.Push(netinput.Of(w.pos))
	}
}

func (w *worker) undoMove() {
	w.pos.UnmakeMove()
	if w.nn != nil {
		w.nn.Pop()
	}
}

// yieldMask sets how often Options.Yield runs: every 16 Ki nodes, a few
// milliseconds of search even in a browser.
const yieldMask = 1<<14 - 1

// checkStop is called at every node. Only the main thread reads the clock,
// and only every 1024 nodes; with one thread a node limit is exact, so
// node-limited searches are reproducible.
func (w *worker) checkStop() bool {
	if w.stopped {
		return true
	}
	// A node limit, like the clock, never cuts the first iteration short:
	// every search answers with a move it has searched (go nodes 1 too).
	if w.searcher.stop.Load() || (w.nodeLimit > 0 && w.nodes >= w.nodeLimit && len(w.searcher.workers) == 1 && w.rootDepth > 1) {
		w.stopped = true
		return true
	}
	if w.nodes&1023 == 1023 {
		w.sharedNodes.Store(w.nodes)
		if w.nodes&yieldMask == yieldMask && w.searcher.opts.Yield != nil && w.id == 0 {
			w.searcher.opts.Yield()
		}
		if w.id == 0 {
			if w.searcher.opts.Exchange != nil && time.Since(w.lastExchange) >= ExchangeInterval {
				w.exchange()
			}
			if w.outOfTime() {
				w.searcher.stop.Store(true)
			}
			if w.nodeLimit > 0 && w.searcher.totalNodes() >= w.nodeLimit && w.rootDepth > 1 {
				w.searcher.stop.Store(true)
			}
		}
	}
	return false
}

// iterate runs iterative deepening and returns the result of the last
// completed iteration. Only the main worker (report != nil or id 0)
// decides when to stop; helpers run until told.
func (w *worker) iterate(report func(Info)) Result {
	var res Result
	if len(w.rootMoves) == 0 {
		p := w.pos
		if p.InCheck() {
			res.Score = -Mate
		}
		return res
	}
	res.Move = w.rootMoves[0].move // a legal answer even if stopped at once
	maxDepth := MaxDepth
	if w.lim.Depth > 0 {
		maxDepth = min(w.lim.Depth, MaxDepth)
	}
	if w.lim.Mate > 0 && w.lim.Depth == 0 {
		maxDepth = min(2*w.lim.Mate+4, MaxDepth)
	}
	multiPV, reported := w.lines()
	for depth := 1; depth <= maxDepth; depth++ {
		if w.skips(depth, maxDepth) {
			continue
		}
		w.rootDepth = depth
		for pvIdx := 0; pvIdx < multiPV && !w.stopped; pvIdx++ {
			w.aspiration(depth, pvIdx, report)
		}
		if w.stopped {
			break
		}
		// A later line may score above an earlier one (each is searched
		// against a table the earlier lines filled): rank them by score.
		slices.SortStableFunc(w.rootMoves[:multiPV], func(a, b rootMove) int { return cmp.Compare(b.score, a.score) })
		res = w.result(depth)
		if w.id != 0 {
			continue
		}
		if w.searcher.opts.Exchange != nil && depth >= ShareMinDepth {
			w.exchange() // an iteration's deepest entries, at once
		}
		if w.searcher.opts.Strength.Limited() {
			w.keepLines(multiPV)
		}
		if report != nil {
			for i := 0; i < reported; i++ {
				report(w.info(depth, i, w.rootMoves[i].bound))
			}
		}
		if w.shouldFinish(depth, res) {
			break
		}
	}
	w.sharedNodes.Store(w.nodes)
	return res
}

// skips says whether this worker leaves out the iteration of depth.
// Helpers skip some depths so that threads diverge: the threads after the
// first, and every thread of a member after the first (share.go) — never
// the depth limit itself, which a member reaching first ends the cluster's
// search with. A member's helper in a search to a fixed depth races to it:
// it searches only the depths of the limit's parity, so that it completes
// the limit sooner than an engine that searches every depth (on the
// browser benchmark's 20 middlegames to depth 18, two members' median
// time fell from 137 to 117 ms natively).
func (w *worker) skips(depth, maxDepth int) bool {
	helper := w.id + w.searcher.opts.Member
	if helper == 0 || depth <= 2 || depth >= maxDepth {
		return false
	}
	if w.searcher.opts.Member > 0 && w.lim.Depth > 0 {
		return (maxDepth-depth)%2 == 1
	}
	return (depth+helper)%3 == 0
}

// lines returns how many root moves each iteration scores exactly and how
// many of them are reported: more are scored than asked for when a limited
// strength chooses among them.
func (w *worker) lines() (scored, reported int) {
	reported = min(w.searcher.opts.MultiPV, len(w.rootMoves))
	scored = reported
	if s := w.searcher.opts.Strength; s.Limited() {
		scored = min(max(scored, s.Lines), len(w.rootMoves))
	}
	return scored, reported
}

// keepLines records the lines of a completed iteration for the choice of
// a limited strength, and starts the node budget, which never cuts the
// first iteration short.
func (w *worker) keepLines(n int) {
	w.completed = w.completed[:0]
	for _, rm := range w.rootMoves[:n] {
		w.completed = append(w.completed, rootMove{move: rm.move, score: rm.score, seldepth: rm.seldepth, pv: slices.Clone(rm.pv)})
	}
	w.nodeLimit = w.levelNodes
	if w.nodes >= w.nodeLimit {
		w.stopped = true
	}
}

// lineScores are the scores of the lines, best first.
func lineScores(lines []rootMove) []int {
	s := make([]int, len(lines))
	for i, l := range lines {
		s[i] = l.score
	}
	return s
}

// pick replaces the result's move with line i of the last completed
// iteration.
func (w *worker) pick(res Result, i int) Result {
	l := w.completed[i]
	res.Move, res.Score, res.SelDepth, res.PV, res.Ponder = l.move, l.score, l.seldepth, l.pv, board.NullMove
	if len(l.pv) > 1 {
		res.Ponder = l.pv[1]
	}
	return res
}

// outOfTime reports whether the clock ends the search now (the first
// iteration excepted): past the hard limit, counted from the ponder hit
// when the search pondered, or, as it acts on a ponder hit, past the share
// it planned for the move — the time pondered counts as time thought.
func (w *worker) outOfTime() bool {
	if !w.budget.active || w.rootDepth <= 1 {
		return false
	}
	if !w.lim.Ponder {
		return time.Since(w.start) >= w.budget.hard
	}
	if w.searcher.pondering.Load() {
		return false
	}
	if !w.hitSeen {
		w.hitSeen = true
		if time.Since(w.start) >= w.budget.soft {
			return true
		}
	}
	return time.Since(time.Unix(0, w.searcher.hitAt.Load())) >= w.budget.hard
}

// shouldFinish decides after a completed iteration whether to stop.
func (w *worker) shouldFinish(depth int, res Result) bool {
	if w.lim.Mate > 0 && res.Score >= MateInMax && MateMoves(res.Score) <= w.lim.Mate {
		return true
	}
	if w.lim.Infinite || w.searcher.pondering.Load() {
		return false
	}
	if w.lim.SoftNodes > 0 && w.searcher.totalNodes()+w.nodes-w.sharedNodes.Load() >= w.lim.SoftNodes {
		return true
	}
	if !w.budget.active {
		return false
	}
	if len(w.rootMoves) == 1 && w.lim.MoveTime == 0 {
		return true
	}
	w.stability.update(res.Move, res.Score, w.rootMoves, w.nodes)
	soft := w.budget.soft
	if w.lim.MoveTime == 0 {
		soft = min(time.Duration(float64(soft)*w.stability.scale()), w.budget.hard)
	}
	return time.Since(w.start) >= soft
}

// aspiration searches line pvIdx at depth with a window around the
// previous score, widening it on each failure.
func (w *worker) aspiration(depth, pvIdx int, report func(Info)) {
	prev := w.rootMoves[pvIdx].prev
	delta := w.tuned[pAspirationDelta]
	alpha, beta := -Infinity, Infinity
	if depth >= aspirationMinDepth && !IsMate(prev) && prev > -Infinity {
		alpha, beta = max(prev-delta, -Infinity), min(prev+delta, Infinity)
	}
	for {
		score := w.searchRoot(depth, alpha, beta, pvIdx)
		if w.stopped {
			return
		}
		// A full window cannot fail: the bound checks keep the loop finite
		// whatever the scores.
		switch {
		case score <= alpha && alpha > -Infinity:
			w.rootMoves[pvIdx].bound = BoundUpper
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
		case score >= beta && beta < Infinity:
			w.rootMoves[pvIdx].bound = BoundLower
			beta = min(score+delta, Infinity)
		default:
			w.rootMoves[pvIdx].bound = BoundExact
			for i := pvIdx; i < len(w.rootMoves); i++ {
				w.rootMoves[i].prev = w.rootMoves[i].score
			}
			return
		}
		if report != nil && time.Since(w.start) > time.Second {
			report(w.info(depth, pvIdx, w.rootMoves[pvIdx].bound))
		}
		delta += delta
	}
}

// searchRoot searches the root moves from pvIdx on; the best one moves to
// position pvIdx. The other moves keep their order, which is how earlier
// iterations ranked them.
func (w *worker) searchRoot(depth, alpha, beta, pvIdx int) int {
	best := -Infinity
	w.pvLen[0] = 0
	for i := pvIdx; i < len(w.rootMoves); i++ {
		rm := &w.rootMoves[i]
		nodesBefore := w.nodes
		w.makeMove(rm.move, 0)
		newDepth := depth - 1 + w.extension(w.pos.InCheck(), 0)
		var score int
		if i == pvIdx {
			score = -w.negamax(-beta, -alpha, newDepth, 1, false)
		} else {
			score = -w.negamax(-alpha-1, -alpha, newDepth, 1, true)
			if score > alpha && score < beta {
				score = -w.negamax(-beta, -alpha, newDepth, 1, false)
			}
		}
		w.undoMove()
		rm.nodes += w.nodes - nodesBefore
		if w.stopped {
			return best
		}
		if i == pvIdx || score > alpha {
			rm.score = score
			rm.seldepth = w.seldepth
			rm.pv = append(rm.pv[:0], rm.move)
			rm.pv = append(rm.pv, w.pv[1][1:w.pvLen[1]]...)
		} else {
			rm.score = -Infinity // not better than the best: only a bound is known
		}
		best = max(best, score)
		if score > alpha {
			alpha = score
			moved := w.rootMoves[i]
			copy(w.rootMoves[pvIdx+1:i+1], w.rootMoves[pvIdx:i])
			w.rootMoves[pvIdx] = moved
			if score >= beta {
				return score
			}
		}
	}
	return best
}

func (w *worker) result(depth int) Result {
	rm := w.rootMoves[0]
	r := Result{Move: rm.move, Score: w.reported(rm.score), Depth: depth, SelDepth: rm.seldepth, PV: slices.Clone(rm.pv)}
	if len(rm.pv) > 1 {
		r.Ponder = rm.pv[1]
	}
	return r
}

// reported is the score a line reports: a table verdict at a root whose
// distance to mate the tables know is that mate (every line kept at such a
// root wins, or loses, by it); any other score as searched.
func (w *worker) reported(score int) int {
	if w.rootMate != 0 && TableVerdict(score)*w.rootMate > 0 {
		return w.rootMate
	}
	return score
}

func (w *worker) info(depth, pvIdx int, bound Bound) Info {
	w.sharedNodes.Store(w.nodes)
	rm := w.rootMoves[pvIdx]
	elapsed := time.Since(w.start)
	nodes := w.searcher.totalNodes()
	score := rm.score
	if score == -Infinity {
		score = rm.prev
	}
	return Info{
		Depth: depth, SelDepth: rm.seldepth, MultiPV: pvIdx + 1, Score: w.reported(score), Bound: bound,
		Nodes: nodes, Time: elapsed, NPS: uint64(float64(nodes) / max(elapsed.Seconds(), 1e-6)),
		HashFull: w.searcher.tt.hashfull(), TBHits: w.searcher.totalTBHits(), PV: slices.Clone(rm.pv),
	}
}
