// Package web is Kibitz's one net/http handler: the JSON API and the
// static play page. The same handler is served natively by "kibitz serve"
// and on Cloudflare Workers by the small program in web/worker.
//
// Its searches go through the engine facade (package engine), one engine
// per running request, all sharing the embedded net and the tables.
//
// web imports engine, engine/board, engine/search,
// engine/strength, engine/tablebase, internal/excerpt and internal/version.
package web
