package web

import (
	"net/http"
	"runtime"
	"time"

	"kibitz/engine/tablebase"
	"kibitz/internal/version"
)

// lightQueue bounds light searches waiting: enough for hundreds of
// concurrent players, still a bound.
const lightQueue = 1024

// Config configures the handler.
type Config struct {
	// Site is the built static site (dist/); nil serves the API only.
	Site http.FileSystem
	// Caps caps requests; the zero value means NativeCaps.
	Caps Caps
	// MaxSearches bounds deep searches running at once; 0 means the number
	// of CPUs. Light searches (depth ≤ 8 or ≤ 200 000 nodes) have a lane
	// of their own with as many slots and a long queue.
	MaxSearches int
	// MaxQueue bounds deep searches waiting for a slot; beyond it requests
	// get 503 with Retry-After. 0 means twice MaxSearches; -1 none.
	MaxQueue int
	// SearchTime caps the wall-clock time of one search (the answer is the
	// best move found by then, marked "capped"); 0 means no cap (a Worker's
	// clock does not advance while it computes).
	SearchTime time.Duration
	// Platform names where the handler runs, reported by /api/health.
	Platform string
	// Tables, if set (engine.OpenTables, engine.ReadTables), are endgame
	// tables shared by the engines: /api/bestmove searches with them
	// and answers "tb" when they hold the position.
	Tables *tablebase.Set
}

// NewHandler returns the handler for the API (under /api/) and the site.
func NewHandler(c Config) http.Handler {
	if c.Caps == (Caps{}) {
		c.Caps = NativeCaps()
	}
	if c.MaxSearches <= 0 {
		c.MaxSearches = runtime.NumCPU()
	}
	switch {
	case c.MaxQueue == 0:
		c.MaxQueue = 2 * c.MaxSearches
	case c.MaxQueue < 0:
		c.MaxQueue = 0
	}
	if c.Platform == "" {
		c.Platform = runtime.GOOS + "/" + runtime.GOARCH
	}
	a := &api{tables: c.Tables, lim: c.Caps, searchTime: c.SearchTime,
		deep: newLane(c.MaxSearches, c.MaxQueue), light: newLane(runtime.NumCPU(), lightQueue), info: map[string]any{
			"status": "ok", "engine": version.String, "version": version.Release, "platform": c.Platform,
			"limits": map[string]any{"default_depth": c.Caps.DefaultDepth, "max_depth": c.Caps.MaxDepth,
				"max_nodes": c.Caps.MaxNodes, "max_multipv": c.Caps.MaxMultiPV,
				"max_searches": c.MaxSearches, "max_queue": c.MaxQueue, "search_time_ms": c.SearchTime.Milliseconds()},
		}}
	// An engine of its own for static evaluations, which only read it
	// (the lanes' engines change settings for each request); it says which
	// net all of them use: classical only if the embedded net were broken
	// (the tests check that it is not).
	static, err := a.newEngine()
	if err != nil {
		panic(err) // the API's own table size and tables: a bug, not input
	}
	a.static = static
	a.info["evaluation"] = "classical"
	if a.static.Net() != nil {
		a.info["evaluation"] = "nnue"
	}
	if c.Tables != nil {
		a.info["tables"] = c.Tables.Names()
	}
	mux := http.NewServeMux()
	a.routes(mux)
	if c.Site != nil {
		mux.Handle("/", staticHandler(c.Site))
	} else {
		mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
			writeError(w, &apiError{status: http.StatusNotFound, msg: "not found: this server serves only /api/"})
		})
	}
	return mux
}
