//go:build js && wasm

// Command worker serves the Kibitz API on Cloudflare Workers: the same
// handler as "kibitz serve", with limits that fit a Worker's CPU budget.
// Static files are served by the platform (wrangler.jsonc, "assets").
// One runtime serves all the requests of an isolate (worker.mjs).
// The variables KIBITZ_MAX_SEARCHES and KIBITZ_MAX_QUEUE (wrangler.jsonc,
// "vars") bound the deep searches running and waiting in one isolate.
package main

import (
	"net/http"
	"strconv"
	"sync"

	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"

	"kibitz/web"
)

func main() {
	// The environment can be read only while a request is handled: the
	// handler is made on the first one.
	var once sync.Once
	var h http.Handler
	workers.ServeNonBlock(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() {
			h = web.NewHandler(web.Config{Caps: web.WorkerCaps(), Platform: "cloudflare-workers", Tables: endgameTables(),
				MaxSearches: envInt("KIBITZ_MAX_SEARCHES", 1, 1, 64), MaxQueue: envInt("KIBITZ_MAX_QUEUE", 2, 0, 1000)})
		})
		h.ServeHTTP(w, r)
	}))
	workers.Ready()
	// Serve every request of the isolate (web/worker/worker.mjs hands them
	// to this one runtime) rather than exit after the first.
	select {}
}

// envInt reads an integer variable in lo..hi, or returns def when it is
// unset or not valid (a Worker has no one to tell at start-up).
func envInt(name string, def, lo, hi int) int {
	n, err := strconv.Atoi(cloudflare.Getenv(name))
	if err != nil || n < lo || n > hi {
		return def
	}
	return n
}
