package web

import (
	"net/http"
	"runtime"

	"kibitz/nnue"
)

func evalName(n *nnue.Net) string {
	if n == nil {
		return "classical"
	}
	return "nnue"
}

// Config configures the handler.
type Config struct {
	// Site is the built static site (dist/); nil serves the API only.
	Site http.FileSystem
	// Limits caps requests; the zero value means NativeLimits.
	Limits Limits
	// MaxSearches bounds searches running at once (others wait); 0 means
	// twice the number of CPUs.
	MaxSearches int
	// Platform names where the handler runs, reported by /api/health.
	Platform string
}

// NewHandler returns the handler for the API (under /api/) and the site.
func NewHandler(c Config) http.Handler {
	if c.Limits == (Limits{}) {
		c.Limits = NativeLimits()
	}
	if c.MaxSearches <= 0 {
		c.MaxSearches = 2 * runtime.NumCPU()
	}
	if c.Platform == "" {
		c.Platform = runtime.GOOS + "/" + runtime.GOARCH
	}
	net, err := nnue.Default()
	if err != nil {
		net = nil // classical evaluation; the embedded net is checked by the tests
	}
	a := &api{net: net, lim: c.Limits, sem: make(chan struct{}, c.MaxSearches), info: map[string]any{
		"status": "ok", "engine": Version, "platform": c.Platform, "evaluation": evalName(net),
		"limits": map[string]any{"default_depth": c.Limits.DefaultDepth, "max_depth": c.Limits.MaxDepth,
			"max_nodes": c.Limits.MaxNodes, "max_multipv": c.Limits.MaxMultiPV},
	}}
	mux := http.NewServeMux()
	a.routes(mux)
	if c.Site != nil {
		mux.Handle("/", staticHandler(c.Site))
	} else {
		mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
			writeError(w, &apiError{http.StatusNotFound, "not found: this server serves only /api/"})
		})
	}
	return mux
}
