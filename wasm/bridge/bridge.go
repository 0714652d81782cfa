// Package bridge is the engine side of the browser's Web Worker: a
// stateful session (position with its game history, options) that answers
// requests with plain maps ready to become JavaScript objects. It knows
// nothing of syscall/js, so it is tested natively and under wasm alike;
// package main in the parent folder only converts values and calls it. It
// takes the endgame tables and the endgame model the page fetches.
//
// The engine is the facade of package engine, which runs one search at a
// time (a request while it searches is engine.ErrBusy) and holds an
// infinite search's answer until Stop; the session adds the game's
// position and the page's request format.
//
// bridge imports engine, engine/board, engine/cluster, engine/search and
// engine/strength.
package bridge

import (
	"fmt"
	"math/rand/v2"
	"time"

	"kibitz/engine"
	"kibitz/engine/board"
	"kibitz/engine/cluster"
	"kibitz/engine/search"
	"kibitz/engine/strength"
)

// Request of one search request. Zero fields are unset.
type Request struct {
	Depth    int
	MoveTime int // milliseconds
	Nodes    int
	MultiPV  int
	// Elo is the level to play at (package strength; the scale goes
	// through 0, and every value in it is a level); nil: full strength.
	Elo *int
	// The clocks of a timed game, in milliseconds: time left and increment
	// per move for each side. The engine's time manager divides its own
	// clock as it does over UCI; a depth, node or level limit still applies.
	WTime, BTime, WInc, BInc int
	// Infinite searches until Stop (UCI "go infinite"): for analysis, and
	// for scripts and tests that decide themselves when the engine answers.
	// It takes no depth, time, clock, node or level limit.
	Infinite bool
	// Shared, when not 0, numbers a search that every worker of the
	// session's cluster (Join) runs together: the first answers with the
	// move they chose, the others help until it stops them. 0: a search
	// of this worker's own.
	Shared uint32
}

// Session is one worker's engine.
type Session struct {
	eng *engine.Engine
}

// New returns a session at the starting position with a hash of hashMB.
// yield (may be nil) lets the host's event loop run during a search.
func New(hashMB int, yield func()) *Session {
	// The default evaluation; classical only if the embedded net were broken.
	eng, _ := engine.New(engine.Config{HashMB: hashMB, Threads: 1, Yield: yield})
	// A weakened engine should not play the same game twice (a new
	// engine runs no search: this cannot be refused).
	_ = eng.SeedStrength(rand.Uint64())
	return &Session{eng: eng}
}

// NewGame resets the position and forgets what the engine learned.
func (s *Session) NewGame() error {
	if err := s.eng.NewGame(); err != nil {
		return err
	}
	return s.eng.SetPosition(board.NewPosition())
}

// SetHash resizes the transposition table (engine.HashRange: 1..1024 MB
// in a browser).
func (s *Session) SetHash(mb int) error {
	return s.eng.SetHash(mb)
}

// SetPosition sets the position from a FEN ("" or "startpos" for the
// standard start) and UCI moves played from it; the moves are the game
// history the engine needs to see repetitions. A FEN whose castling rights
// only Chess960 reads is a Chess960 game (board.RulesOf): its castling moves,
// given and answered, are the king taking its rook. On error the previous
// position stays.
func (s *Session) SetPosition(fen string, moves []string) error {
	p, err := positionAfter(fen, moves)
	if err != nil {
		return err
	}
	return s.eng.SetPosition(p)
}

// Check says whether a FEN ("" or "startpos" for the standard start) and
// UCI moves played from it make a legal position, without changing the
// session: the page asks the engine's own parser before it sets a game up.
func (s *Session) Check(fen string, moves []string) error {
	_, err := positionAfter(fen, moves)
	return err
}

// Evaluate returns the static evaluation of a FEN ("" or "startpos" for
// the standard start) after UCI moves, without changing the session
// (engine.WireEvaluation, as an object for JavaScript).
func (s *Session) Evaluate(fen string, moves []string) (map[string]any, error) {
	p, err := positionAfter(fen, moves)
	if err != nil {
		return nil, err
	}
	return Object(s.eng.WireEvaluate(p)).(map[string]any), nil
}

// positionAfter is the position after moves from fen, under the rules its
// castling rights call for.
func positionAfter(fen string, moves []string) (*board.Position, error) {
	return board.RulesOf(fen).PositionAfter(fen, moves)
}

// Needs says what the page should fetch for the current position, decided
// once per position: the endgame tables it needs (in the order LoadTable
// takes them) and whether the endgame model is wanted — the game has come
// down to five or six men, from where the search reaches the 5-man endings
// the model learned and for which the page has no exact tables.
func (s *Session) Needs() (tables []string, model bool) {
	pos := s.eng.Position()
	men := pos.Occupied().Count()
	return s.eng.TablesNeeded(pos), !s.eng.HasModel() && men >= 5 && men <= 6
}

// LoadTable adds an endgame table file (kibitz tb gen); from then on the
// searches use the tables.
func (s *Session) LoadTable(data []byte) error {
	return s.eng.AddTable(data)
}

// LoadModel adds an endgame model (kibitz tb study --out): from then on the
// searches correct the evaluation of its endings by its prediction, with
// the default weight (docs/endgames.md, "The model in play").
func (s *Session) LoadModel(data []byte) error {
	return s.eng.ReadModel(data)
}

// Search starts a search of the current position in the background.
// onInfo receives a progress report per iteration, onDone the result;
// both are called from the searching goroutine. A request without a
// depth, time, clock or node limit searches to engine.DefaultDepth.
func (s *Session) Search(l Request, onInfo, onDone func(map[string]any)) error {
	lim, err := l.toSearch()
	if err != nil {
		return err
	}
	if max(l.MultiPV, 1) != s.eng.Options().MultiPV {
		if err := s.eng.SetMultiPV(l.MultiPV); err != nil {
			return err
		}
	}
	if l.Elo == nil {
		if err := s.eng.SetFullStrength(); err != nil {
			return err
		}
	} else if err := s.eng.SetLevel(*l.Elo); err != nil { // the range is checked by toSearch
		return err
	}
	pos := s.eng.Position()
	tb := s.eng.Verdict(pos)
	result, err := s.eng.GoShared(lim, func(i search.Info) {
		if onInfo != nil {
			onInfo(Object(engine.InfoOf(i, pos, tb)).(map[string]any))
		}
	}, l.Shared)
	if err != nil {
		return err
	}
	go func() {
		r := <-result
		if onDone != nil {
			onDone(Object(r.Wire(pos, l.Elo)).(map[string]any))
		}
	}()

	return nil
}

// Join makes this session member index of count workers that search
// together over t (engine/cluster); count 1 leaves the cluster.
func (s *Session) Join(index, count int, t cluster.Transport) error {
	if count <= 1 {
		return s.eng.Join(nil)
	}
	return s.eng.Join(cluster.New(index, count, t))
}

// Stop asks a running search to finish now; its onDone still follows.
func (s *Session) Stop() { s.eng.Stop() }

// toSearch checks the limits and turns them into the search's; no limit at
// all means engine.DefaultDepth, unless the search is infinite.
func (l Request) toSearch() (search.Limits, error) {
	if l.Depth < 0 || l.Depth > maxDepth {
		return search.Limits{}, fmt.Errorf("depth %d is out of range 1..%d", l.Depth, maxDepth)
	}
	if limits := btoi(l.Depth > 0) + btoi(l.MoveTime > 0) + btoi(l.Nodes > 0); limits > 1 {
		return search.Limits{}, fmt.Errorf("depth %d, movetime %d and nodes %d: give one of them (a clock may go with any)", l.Depth, l.MoveTime, l.Nodes)
	}
	if l.MoveTime < 0 || l.MoveTime > maxMoveTime {
		return search.Limits{}, fmt.Errorf("movetime %d ms is out of range 0..%d", l.MoveTime, maxMoveTime)
	}
	if l.Nodes < 0 {
		return search.Limits{}, fmt.Errorf("nodes %d is negative", l.Nodes)
	}
	if lo, hi := engine.Range("UCI_Elo"); l.Elo != nil && (*l.Elo < lo || *l.Elo > hi) {
		return search.Limits{}, fmt.Errorf("elo %d is out of range %d..%d", *l.Elo, lo, hi)
	}
	if l.MultiPV < 0 || l.MultiPV > engine.MaxMultiPV {
		return search.Limits{}, fmt.Errorf("multipv %d is out of range 1..%d", l.MultiPV, engine.MaxMultiPV)
	}
	for _, c := range []struct {
		name string
		ms   int
	}{{"wtime", l.WTime}, {"btime", l.BTime}, {"winc", l.WInc}, {"binc", l.BInc}} {
		if c.ms < 0 || c.ms > maxClock {
			return search.Limits{}, fmt.Errorf("%s %d ms is out of range 0..%d", c.name, c.ms, maxClock)
		}
	}
	if l.Infinite && (l.Depth != 0 || l.MoveTime != 0 || l.Nodes != 0 || l.Elo != nil ||
		l.WTime != 0 || l.BTime != 0 || l.WInc != 0 || l.BInc != 0) {
		return search.Limits{}, fmt.Errorf("infinite searches until stopped: it takes no depth, movetime, nodes, elo or clock")
	}
	if l.Infinite {
		return search.Limits{Infinite: true}, nil
	}
	ms := func(v int) time.Duration { return time.Duration(v) * time.Millisecond }
	lim := search.Limits{Depth: l.Depth, MoveTime: ms(l.MoveTime), Nodes: uint64(l.Nodes),
		WTime: ms(l.WTime), BTime: ms(l.BTime), WInc: ms(l.WInc), BInc: ms(l.BInc)}
	timed := l.WTime > 0 || l.BTime > 0 || l.WInc > 0 || l.BInc > 0
	if lim.Depth == 0 && lim.MoveTime == 0 && lim.Nodes == 0 && !timed {
		lim.Depth = engine.DefaultDepth
	}
	return lim, nil
}

// The bounds of a request from the page.
const (
	maxMoveTime = 3600_000  // one hour, in milliseconds
	maxClock    = 86400_000 // a day on a clock, in milliseconds
	// maxDepth is the deepest search a page may ask for: past the depth any
	// search reaches in a browser's time, and what the docs promise.
	maxDepth = 64
)

// Strengths describes the strength scale for the page: the levels a
// player may choose, each with its measured Elo, and the Elo measured for
// each of the page's depths (docs/levels.md).
func Strengths() map[string]any {
	levels := make([]any, len(strength.Levels))
	for i, l := range strength.Levels {
		levels[i] = l.Elo
	}
	depths := make([]any, len(strength.DepthElo))
	for i, e := range strength.DepthElo {
		depths[i] = e
	}
	return map[string]any{"levels": levels, "full": strength.FullElo, "depths": depths}
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
