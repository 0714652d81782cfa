//go:build wasm

package search

// ttWord is one word of a table entry. Go's wasm port runs one thread, so
// nothing can tear an entry there, and a plain load or store does what an
// atomic one does — without the call each atomic operation costs in wasm
// (7 % of a browser search's time).
type ttWord struct{ v uint64 }

func (w *ttWord) Load() uint64   { return w.v }
func (w *ttWord) Store(v uint64) { w.v = v }
