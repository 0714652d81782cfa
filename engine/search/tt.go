package search

import (
	"math/bits"
	"runtime"
	"sync"

	"kibitz/engine/board"
)

// Bound says how a stored score relates to the true value.
type Bound uint8

// Bounds: exact (PV node), lower (fail high) and upper (fail low).
const (
	BoundNone Bound = iota
	BoundUpper
	BoundLower
	BoundExact
)

// ttEntry is two words written and read atomically. The first is the key
// XOR the data, so a torn pair written by two threads at once fails the
// key check instead of returning another position's data (lockless
// hashing): threads share the table without locks and without data races.
type ttEntry struct {
	check ttWord
	data  ttWord
}

// TT is the transposition table shared by all search threads.
type TT struct {
	entries []ttEntry
	age     uint8
}

// ttHit is the unpacked content of an entry.
type ttHit struct {
	move  board.Move
	score int
	eval  int
	depth int
	bound Bound
}

// NewTT returns a table of about mb megabytes (at least one entry).
func NewTT(mb int) *TT {
	t := &TT{}
	t.Resize(mb)
	return t
}

// Resize reallocates the table to about mb megabytes and clears it. The
// new memory is written at once (Clear), not on a search's first probes:
// the operating system maps a page when it is first touched, and a
// gigabyte of first touches during a search cost it most of its time
// (setoption Hash 1024, then go movetime 200: 393 ms, 7 k nodes/s).
func (t *TT) Resize(mb int) {
	n := max(mb, 1) << 20 / 16
	t.entries = allocEntries(n)
	t.Clear()
}

// Clear empties the table (ucinewgame, Clear Hash), a share of it on every
// core for a large one. It runs between searches only, so plain stores
// suffice: an atomic exchange per word made clearing 16 MB take longer
// than many searches.
func (t *TT) Clear() {
	const chunk = 4 << 20 / 16 // entries: 4 MB a piece
	parts := min(runtime.GOMAXPROCS(0), (len(t.entries)+chunk-1)/chunk)
	if parts <= 1 {
		clear(t.entries)
	} else {
		var wg sync.WaitGroup
		per := (len(t.entries) + parts - 1) / parts
		for lo := 0; lo < len(t.entries); lo += per {
			wg.Add(1)
			go func(part []ttEntry) {
				defer wg.Done()
				clear(part)
			}(t.entries[lo:min(lo+per, len(t.entries))])
		}
		wg.Wait()
	}
	t.age = 0
}

// newSearch ages the table so entries from earlier searches are replaced first.
func (t *TT) newSearch() { t.age = (t.age + 1) & 63 }

func (t *TT) slot(key uint64) *ttEntry {
	hi, _ := bits.Mul64(key, uint64(len(t.entries)))
	return &t.entries[hi]
}

// data layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 | age 6.
func pack(m board.Move, score, eval, depth int, bound Bound, age uint8) uint64 {
	return uint64(m) | uint64(uint16(int16(score)))<<16 | uint64(uint16(int16(eval)))<<32 |
		uint64(uint8(depth))<<48 | uint64(bound)<<56 | uint64(age)<<58
}

func (t *TT) probe(key uint64) (ttHit, bool) {
	e := t.slot(key)
	d := e.data.Load()
	if e.check.Load()^d != key || d == 0 {
		return ttHit{}, false
	}
	return ttHit{
		move:  board.Move(d),
		score: int(int16(d >> 16)),
		eval:  int(int16(d >> 32)),
		depth: int(int8(d >> 48)),
		bound: Bound(d >> 56 & 3),
	}, true
}

// store writes an entry unless the slot holds a deeper result for the same
// position from this search, and returns what it wrote (0: nothing). A
// move is kept from the old entry when the new result has none.
func (t *TT) store(key uint64, m board.Move, score, eval, depth int, bound Bound) uint64 {
	e := t.slot(key)
	old := e.data.Load()
	sameKey := e.check.Load()^old == key
	if sameKey {
		if m == board.NullMove {
			m = board.Move(old)
		}
		oldDepth := int(int8(old >> 48))
		oldAge := uint8(old >> 58)
		if bound != BoundExact && oldAge == t.age && depth+2 < oldDepth {
			return 0
		}
	}
	d := pack(m, score, eval, depth, bound, t.age)
	e.data.Store(d)
	e.check.Store(key ^ d)
	return d
}

// hashfull returns how many of the first thousand entries belong to the
// current search, in permille (UCI's hashfull).
func (t *TT) hashfull() int {
	n := min(1000, len(t.entries))
	used := 0
	for i := 0; i < n; i++ {
		d := t.entries[i].data.Load()
		if d != 0 && uint8(d>>58) == t.age {
			used++
		}
	}
	return used * 1000 / max(n, 1)
}
