// Package enginetest builds engines for the tests of the packages that
// drive the facade from one goroutine (datagen's games, the rescorer):
// an engine that evaluates classically, and a search whose answer the
// test takes directly, the engine being its own and so never busy.
//
// enginetest imports engine, engine/board and engine/search.
package enginetest

import (
	"kibitz/engine"
	"kibitz/engine/board"
	"kibitz/engine/search"
)

// Classical is an engine with the classical evaluation and a table of mb
// megabytes.
func Classical(mb int) *engine.Engine {
	e, err := engine.New(engine.Config{HashMB: mb, Threads: 1, Classical: true})
	if err != nil {
		panic(err)
	}
	return e
}

// Searched is e's answer for pos within lim; e is the caller's alone, so
// a busy engine is a bug of the test and panics.
func Searched(e *engine.Engine, pos *board.Position, lim search.Limits, report func(search.Info)) engine.Result {
	r, err := e.Search(pos, lim, report)
	if err != nil {
		panic(err)
	}
	return r
}
