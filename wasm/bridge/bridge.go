// Package bridge is the engine side of the browser's Web Worker: a
// stateful session (position with its game history, options) that answers
// requests with plain maps ready to become JavaScript objects. It knows
// nothing of syscall/js, so it is tested natively and under wasm alike;
// package main in the parent folder only converts values and calls it. It
// takes the endgame tables and the endgame model the page fetches.
//
// bridge imports engine/board, engine/search, engine/strength,
// engine/tablebase, engine/tablebase/wdlnet and nnue.
package bridge

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/nnue"
	"kibitz/engine/search"
	"kibitz/engine/strength"
	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
)

// Limits of one search request. Zero fields are unset.
type Limits struct {
	Depth    int
	MoveTime int // milliseconds
	Nodes    int
	MultiPV  int
	Elo      int // 0: full strength (no level is labelled 0); otherwise a level (package strength)
}

// Session is one worker's engine.
type Session struct {
	mu        sync.Mutex
	eng       *search.Engine
	opts      search.Options
	pos       *board.Position
	searching bool
	tables    *tablebase.Set // endgame tables loaded so far (the page fetches them as needed)
}

// New returns a session at the starting position with a hash of hashMB.
// yield (may be nil) lets the host's event loop run during a search.
func New(hashMB int, yield func()) *Session {
	s := &Session{pos: board.NewPosition(), tables: tablebase.NewSet(),
		opts: search.Options{HashMB: hashMB, Threads: 1, MoveOverhead: search.DefaultMoveOverhead, Yield: yield}}
	if net, err := nnue.Default(); err == nil {
		s.opts.Net = net // the default evaluation; classical only if the embedded net were broken
	}
	s.eng = search.New(s.opts)
	// A weakened engine should not play the same game twice.
	s.eng.SeedStrength(rand.Uint64())
	return s
}

var errBusy = errors.New("a search is running; stop it first")

// NewGame resets the position and forgets what the engine learned.
func (s *Session) NewGame() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.searching {
		return errBusy
	}
	s.eng.NewGame()
	s.pos = board.NewPosition()
	return nil
}

// SetHash resizes the transposition table (1..1024 MB in a browser).
func (s *Session) SetHash(mb int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.searching {
		return errBusy
	}
	if mb < 1 || mb > 1024 {
		return fmt.Errorf("hash %d MB is out of range 1..1024", mb)
	}
	s.opts.HashMB = mb
	s.eng.SetOptions(s.opts)
	return nil
}

// SetPosition sets the position from a FEN ("" or "startpos" for the
// standard start) and UCI moves played from it; the moves are the game
// history the engine needs to see repetitions. On error the previous
// position stays.
func (s *Session) SetPosition(fen string, moves []string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.searching {
		return errBusy
	}
	p, err := board.PositionAfter(fen, moves)
	if err != nil {
		return err
	}
	s.pos = p
	return nil
}

// MakeMove plays one UCI move on the current position.
func (s *Session) MakeMove(mv string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.searching {
		return errBusy
	}
	m, err := s.pos.ParseMove(mv)
	if err != nil {
		return err
	}
	s.pos.MakeMove(m)
	return nil
}

// FEN returns the current position.
func (s *Session) FEN() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pos.FEN()
}

// LegalMoves returns the legal moves of the current position in UCI.
func (s *Session) LegalMoves() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var l board.MoveList
	s.pos.GenerateMoves(&l, board.GenAll)
	out := make([]string, l.N)
	for i, m := range l.Slice() {
		out[i] = m.String()
	}
	return out
}

// TableNeeded names the endgame table the current position needs and the
// session lacks ("" for none).
func (s *Session) TableNeeded() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tables.Missing(s.pos)
}

// LoadTable adds an endgame table file (kibitz tb gen); from then on the
// searches use the tables.
func (s *Session) LoadTable(data []byte) error {
	t, err := tablebase.ReadTable(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return s.changeOptions(func() {
		s.tables.Add(t)
		s.opts.Tables = s.tables
	})
}

// changeOptions applies change to the session's search options between
// searches.
func (s *Session) changeOptions(change func()) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.searching {
		return errBusy
	}
	change()
	s.eng.SetOptions(s.opts)
	return nil
}

// ModelNeeded says whether the page should fetch the endgame model: no
// model is loaded yet and the game has come down to five or six men, from
// where the search reaches the 5-man endings the model learned and for
// which the page has no exact tables.
func (s *Session) ModelNeeded() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	men := s.pos.Occupied().Count()
	return s.opts.EndgameModel == nil && men >= 5 && men <= 6
}

// LoadModel adds an endgame model (kibitz tb study --out): from then on the
// searches correct the evaluation of its endings by its prediction, with
// the default weight (docs/endgames.md, "The model in play").
func (s *Session) LoadModel(data []byte) error {
	m, err := wdlnet.Read(bytes.NewReader(data))
	if err != nil {
		return err
	}
	term, err := wdlnet.NewTerm(m, wdlnet.DefaultTermWeight)
	if err != nil {
		return err
	}
	return s.changeOptions(func() { s.opts.EndgameModel = term })
}

// tableResult is what the tables say of a position ({wdl, dtm} for the
// side to move, dtm in plies), or nil.
func tableResult(tables *tablebase.Set, pos *board.Position) map[string]any {
	if tables == nil {
		return nil
	}
	wdl, dtm, ok := tables.DTM(pos)
	if !ok {
		return nil
	}
	return map[string]any{"wdl": wdl, "dtm": dtm}
}

// Search starts a search of the current position in the background.
// onInfo receives a progress report per iteration, onDone the result;
// both are called from the searching goroutine. A request without a
// depth, time or node limit searches to depth 10.
func (s *Session) Search(l Limits, onInfo, onDone func(map[string]any)) error {
	lim, err := l.toSearch()
	if err != nil {
		return err
	}
	s.mu.Lock()
	if s.searching {
		s.mu.Unlock()
		return errBusy
	}
	level := strength.Params{}
	if l.Elo != 0 {
		level = strength.ForElo(l.Elo)
	}
	if max(l.MultiPV, 1) != s.opts.MultiPV || level != s.opts.Strength {
		s.opts.MultiPV, s.opts.Strength = max(l.MultiPV, 1), level
		s.eng.SetOptions(s.opts)
	}
	s.searching = true
	pos := s.pos.Clone()
	tb := tableResult(s.opts.Tables, pos)
	s.mu.Unlock()
	result := s.eng.Go(pos, lim, func(i search.Info) {
		if onInfo != nil {
			o := InfoObject(i)
			if tb != nil {
				o["tb"] = tb
			}
			onInfo(o)
		}
	})
	go func() {
		r := <-result
		s.mu.Lock()
		s.searching = false
		s.mu.Unlock()
		if onDone != nil {
			o := ResultObject(r)
			if l.Elo != 0 {
				o["elo"] = l.Elo // the strength the move was chosen at
			}
			if tb != nil {
				o["tb"] = tb
			}
			onDone(o)
		}
	}()
	return nil
}

// Stop asks a running search to finish now; its onDone still follows.
func (s *Session) Stop() { s.eng.Stop() }

// toSearch checks the limits and turns them into the search's; no limit at
// all means depth 10.
func (l Limits) toSearch() (search.Limits, error) {
	if l.Depth < 0 || l.Depth > search.MaxDepth {
		return search.Limits{}, fmt.Errorf("depth %d is out of range 1..%d", l.Depth, search.MaxDepth)
	}
	if l.MoveTime < 0 || l.MoveTime > maxMoveTime {
		return search.Limits{}, fmt.Errorf("movetime %d ms is out of range 0..%d", l.MoveTime, maxMoveTime)
	}
	if l.Nodes < 0 {
		return search.Limits{}, fmt.Errorf("nodes %d is negative", l.Nodes)
	}
	if l.Elo != 0 && (l.Elo < strength.MinElo || l.Elo > strength.FullElo) {
		return search.Limits{}, fmt.Errorf("elo %d is out of range %d..%d", l.Elo, strength.MinElo, strength.FullElo)
	}
	if l.MultiPV < 0 || l.MultiPV > maxMultiPV {
		return search.Limits{}, fmt.Errorf("multipv %d is out of range 1..%d", l.MultiPV, maxMultiPV)
	}
	lim := search.Limits{Depth: l.Depth, MoveTime: time.Duration(l.MoveTime) * time.Millisecond, Nodes: uint64(l.Nodes)}
	if lim.Depth == 0 && lim.MoveTime == 0 && lim.Nodes == 0 {
		lim.Depth = defaultDepth
	}
	return lim, nil
}

// The bounds of a request from the page.
const (
	maxMoveTime  = 3600_000 // one hour, in milliseconds
	maxMultiPV   = 16
	defaultDepth = 10
)

// scoreObject is {cp: N} or {mate: N} (moves; negative when being mated).
func scoreObject(score int) map[string]any {
	unit, v := search.ScoreUnit(score)
	return map[string]any{unit: v}
}

// moveStrings is board.UCIList as the []any that syscall/js converts.
func moveStrings(ms []board.Move) []any {
	out := make([]any, len(ms))
	for i, s := range board.UCIList(ms) {
		out[i] = s
	}
	return out
}

// InfoObject turns a progress report into the worker's message fields.
func InfoObject(i search.Info) map[string]any {
	bound := ""
	switch i.Bound {
	case search.BoundLower:
		bound = "lower"
	case search.BoundUpper:
		bound = "upper"
	}
	return map[string]any{
		"depth": i.Depth, "seldepth": i.SelDepth, "multipv": i.MultiPV, "score": scoreObject(i.Score),
		"bound": bound, "nodes": float64(i.Nodes), "nps": float64(i.NPS), "time": float64(i.Time.Milliseconds()),
		"hashfull": i.HashFull, "pv": moveStrings(i.PV),
	}
}

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

// ResultObject turns a search result into the worker's message fields;
// bestmove is "" when the side to move has no legal move.
func ResultObject(r search.Result) map[string]any {
	best, ponder := "", ""
	if r.Move != board.NullMove {
		best = r.Move.String()
	}
	if r.Ponder != board.NullMove {
		ponder = r.Ponder.String()
	}
	return map[string]any{
		"bestmove": best, "ponder": ponder, "score": scoreObject(r.Score), "depth": r.Depth,
		"nodes": float64(r.Nodes), "time": float64(r.Time.Milliseconds()), "pv": moveStrings(r.PV),
	}
}
