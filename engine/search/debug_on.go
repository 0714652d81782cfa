//go:build kibitzdebug

package search

// debug turns on the search's invariant checks: build or test with
// -tags kibitzdebug. A check reads
//
//	if debug && !(condition) { panic(invariant(format, args...)) }
//
// so that its message is formatted, and its arguments boxed, only when it
// fails: the checked search allocates no more than the plain one.
const debug = true
