//go:build js && wasm

// Command worker serves the Kibitz API on Cloudflare Workers: the same
// handler as "kibitz serve", with limits that fit a Worker's CPU budget.
// Static files are served by the platform (wrangler.jsonc, "assets").
package main

import (
	"github.com/syumai/workers"

	"kibitz/web"
)

func main() {
	workers.Serve(web.NewHandler(web.Config{Limits: web.WorkerLimits(), MaxSearches: 1, Platform: "cloudflare-workers"}))
}
