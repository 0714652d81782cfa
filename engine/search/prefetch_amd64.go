//go:build amd64 && !purego

package search

// prefetch asks the CPU to start loading the cache line at addr, so the
// transposition-table probe a few dozen instructions later does not wait
// for memory.
//
//go:noescape
func prefetch(addr *ttEntry)

// canPrefetch says whether prefetch does anything: where it does not, the
// search does not compute the addresses it would fetch.
const canPrefetch = true
