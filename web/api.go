package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"kibitz/engine"
	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/engine/strength"
	"kibitz/engine/tablebase"
)

type api struct {
	static      *engine.Engine // for /api/eval, never in a lane: static evaluation only reads it
	tables      *tablebase.Set // shared by the engines (nil: no endgame tables)
	lim         Caps
	searchTime  time.Duration // wall-clock cap per search (0: none)
	deep, light *lane
	searches    atomic.Int64 // searches run, reported by /api/health
	info        map[string]any
	// idle engines kept between requests: a new one allocates and clears
	// its table (16 ms in wasm for 8 MB), NewGame only clears it (2 ms).
	// (Not a sync.Pool: the collector would empty it at every cycle.)
	mu   sync.Mutex
	idle []*engine.Engine
}

// maxIdleEngines bounds the engines kept: a few tables' worth of memory.
const maxIdleEngines = 4

// newEngine returns an engine with the API's table size, net and tables.
func (a *api) newEngine() (*engine.Engine, error) {
	// New's one error is an embedded net it cannot read, and it still
	// makes the engine, evaluating classically: /api/health says so.
	e, _ := engine.New(engine.Config{HashMB: a.lim.HashMB, Threads: 1})
	return e, e.SetTables(a.tables)
}

// engine returns an engine for req, as fresh as a new one.
func (a *api) engine(req Request) (*engine.Engine, error) {
	a.mu.Lock()
	var e *engine.Engine
	if n := len(a.idle); n > 0 {
		e, a.idle = a.idle[n-1], a.idle[:n-1]
	}
	a.mu.Unlock()
	var err error
	if e == nil {
		e, err = a.newEngine()
	} else {
		err = e.NewGame()
	}
	if err == nil {
		err = e.SetMultiPV(req.MultiPV)
	}
	if err != nil {
		return nil, err
	}
	if req.Elo == nil {
		return e, e.SetFullStrength()
	}
	return e, e.SetLevel(*req.Elo)
}

// release keeps an engine for a later request.
func (a *api) release(e *engine.Engine) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.idle) < maxIdleEngines {
		a.idle = append(a.idle, e)
	}
}

func (a *api) routes(mux *http.ServeMux) {
	// health takes no parameters and ignores any (a cache buster, a
	// monitor's own tag): a health check must not fail on them.
	mux.HandleFunc("/api/health", a.handle(false, nil, a.health))
	mux.HandleFunc("/api/legal", a.handle(false, positionParams, a.legal))
	mux.HandleFunc("/api/eval", a.handle(false, positionParams, a.eval))
	mux.HandleFunc("/api/bestmove", a.handle(true, searchParams, a.bestmove))
	noSuch := func(w http.ResponseWriter, r *http.Request) {
		cors(w)
		writeError(w, &apiError{status: http.StatusNotFound, msg: "no such endpoint (try /api/health, /api/bestmove, /api/eval, /api/legal)"})
	}
	mux.HandleFunc("/api/", noSuch)
	mux.HandleFunc("/api", noSuch) // not a redirect to the folder: there is none
}

// handle wraps an endpoint: CORS, methods, parameter parsing (of the
// parameters in allowed; none at all when it is nil), errors.
func (a *api) handle(searches bool, allowed []string, f func(r *http.Request, req Request) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		cors(w)
		switch r.Method {
		case http.MethodOptions:
			w.WriteHeader(http.StatusNoContent)
			return
		case http.MethodGet, http.MethodHead, http.MethodPost:
		default:
			w.Header().Set("Allow", "GET, HEAD, POST, OPTIONS")
			writeError(w, &apiError{status: http.StatusMethodNotAllowed, msg: "method " + r.Method + " not allowed"})
			return
		}
		var req Request
		if allowed != nil {
			q, err := params(r)
			if err != nil {
				writeError(w, err)
				return
			}
			if req, err = parseRequest(q, a.lim, allowed); err != nil {
				writeError(w, err)
				return
			}
		}
		if r.Method == http.MethodHead {
			// The headers of a valid request, without running it.
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusOK)
			return
		}
		if searches {
			l := a.deep
			if isLight(req) {
				l = a.light
			}
			release, err := l.acquire(r.Context())
			if err != nil {
				writeError(w, err)
				return
			}
			defer release()
		}
		out, err := f(r, req)
		if err != nil {
			writeError(w, err)
			return
		}
		writeJSON(w, http.StatusOK, out)
	}
}

func cors(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "Content-Type")
	h.Set("Access-Control-Max-Age", "86400")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

func writeError(w http.ResponseWriter, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = &apiError{status: http.StatusInternalServerError, msg: err.Error()}
	}
	if ae.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(ae.retryAfter))
	}
	writeJSON(w, ae.status, map[string]any{"error": ae.msg, "status": ae.status})
}

func (a *api) health(*http.Request, Request) (any, error) {
	out := make(map[string]any, len(a.info)+1)
	for k, v := range a.info {
		out[k] = v
	}
	out["searches"] = a.searches.Load()
	return out, nil
}

type legalMove struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
}

func (a *api) legal(_ *http.Request, req Request) (any, error) {
	var l board.MoveList
	req.Pos.GenerateMoves(&l, board.GenAll)
	moves := make([]legalMove, 0, l.N)
	for _, m := range l.Slice() {
		moves = append(moves, legalMove{m.String(), req.Pos.SAN(m)})
	}
	return map[string]any{"fen": req.Pos.FEN(), "count": len(moves), "moves": moves, "check": req.Pos.InCheck()}, nil
}

func (a *api) eval(_ *http.Request, req Request) (any, error) {
	white := func(v int) map[string]int { return map[string]int{"cp": engine.WhiteView(req.Pos, v)} }
	ev := a.static.Evaluate(req.Pos)
	out := map[string]any{"fen": req.Pos.FEN(), "classical": map[string]int{"cp": ev.Classical}, "classical_white": white(ev.Classical),
		"note": "static evaluations in centipawns from the side to move's view (and White's, *_white)"}
	if ev.HasNNUE {
		out["nnue"], out["nnue_white"] = map[string]int{"cp": ev.NNUE}, white(ev.NNUE)
	}
	return out, nil
}

// bestmoveAnswer is /api/bestmove's answer: the search's answer as the
// worker sends it too (engine.WireResult), with the position and SAN.
type bestmoveAnswer struct {
	FEN string `json:"fen"`
	engine.WireResult
	SAN        string   `json:"san"`
	PVSAN      []string `json:"pv_san"`
	Capped     string   `json:"capped,omitempty"`
	Lines      []line   `json:"lines,omitempty"`
	LevelNodes uint64   `json:"level_nodes,omitempty"`
	Note       string   `json:"note,omitempty"`
}

type line struct {
	Score engine.Score `json:"score"`
	PV    []string     `json:"pv"`
	PVSAN []string     `json:"pv_san"`
}

func (a *api) bestmove(r *http.Request, req Request) (any, error) {
	if !req.Pos.HasLegalMove() {
		reason := "stalemate"
		if req.Pos.InCheck() {
			reason = "checkmate"
		}
		return nil, badRequest("no legal move: the position is %s", reason)
	}
	a.searches.Add(1)
	eng, err := a.engine(req)
	defer a.release(eng)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	// A weakened engine draws its move at random: seeded by the position,
	// the same request gets the same answer (and may be cached).
	if err := eng.SeedStrength(req.Pos.Key()); err != nil {
		return nil, err
	}
	stop := stopOnDisconnect(r, eng)
	defer stop()
	lines := make([]line, req.MultiPV)
	// The request's position is the game this facade plays (a lane's engine
	// serves one request at a time: never busy).
	if err := eng.SetPosition(req.Pos); err != nil {
		return nil, err
	}
	answer, err := eng.Go(search.Limits{Depth: req.Depth, Nodes: req.Nodes, MoveTime: a.searchTime}, func(i search.Info) {
		lines[i.MultiPV-1] = line{Score: engine.ScoreOf(i.Score), PV: board.UCIList(i.PV), PVSAN: sanList(req.Pos, i.PV)}
	})
	if err != nil {
		return nil, err
	}
	res := <-answer
	out := bestmoveAnswer{FEN: req.Pos.FEN(), WireResult: res.Wire(req.Pos, req.Elo), SAN: req.Pos.SAN(res.Move),
		PVSAN: sanList(req.Pos, res.PV)}
	// The time cap, not the request, ended a search that fell short of
	// its depth and nodes without finding a mate.
	if a.searchTime > 0 && req.Elo == nil && res.Depth < req.Depth && res.Nodes < req.Nodes && !search.IsMate(res.Score) {
		out.Capped = fmt.Sprintf("stopped at the %v limit per search", a.searchTime)
	}
	if req.MultiPV > 1 {
		out.Lines = lines
	}
	if req.Elo != nil {
		// The level wins over depth and nodes: its own node budget is a
		// cap of its strength. The answer says so when it was the cap.
		elo := *req.Elo
		out.LevelNodes = strength.ForElo(elo).Nodes
		if req.DepthGiven && res.Depth < req.Depth && !search.IsMate(res.Score) {
			out.Note = fmt.Sprintf("elo %d searches at most %d nodes a move: it stopped at depth %d, short of the depth asked for", elo, out.LevelNodes, res.Depth)
		}
	}
	return out, nil
}

// stopOnDisconnect stops the search when the client goes away. The
// function it returns ends the watch and waits for it, so that a late
// Stop cannot reach the engine once it serves another request.
func stopOnDisconnect(r *http.Request, eng *engine.Engine) func() {
	done, exited := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(exited)
		select {
		case <-r.Context().Done():
			eng.Stop()
		case <-done:
		}
	}()
	return func() {
		close(done)
		<-exited
	}
}

func sanList(pos *board.Position, pv []board.Move) []string {
	p := pos.Clone()
	out := make([]string, 0, len(pv))
	for _, m := range pv {
		if !p.IsLegal(m) {
			break
		}
		out = append(out, p.SAN(m))
		p.MakeMove(m)
	}
	return out
}
