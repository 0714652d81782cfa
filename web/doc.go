// Package web is Kibitz's one net/http handler: the JSON API and the
// static play page. The same handler is served natively by "kibitz serve"
// and on Cloudflare Workers by the small program in web/worker.
//
// web imports engine/board, engine/eval, engine/search, engine/strength,
// engine/tablebase, nnue,
// internal/excerpt and internal/version.
package web
