package tablebase

import (
	"kibitz/engine/board"
	"sort"
	"sync"
)

// Set holds generated tables by signature; the tables a capture leads to
// are generated first. Table and Generate may be called from several
// goroutines (each table is generated once); ProbeWDL, for the search,
// reads without locking and expects the set to stay as it is while a
// search runs.
type Set struct {
	mu      sync.Mutex
	tables  map[string]*Table
	pending map[string]chan struct{}      // tables being generated
	byKey   [materials * materials]*Table // by material, for ProbeWDL
	// Store, if set, receives each table as it is finished, before the
	// set holds it, and returns the table to hold in its place: the same,
	// or the one mapped from the file it was written to, which costs no
	// memory while the tables that need it are made.
	Store func(t *Table) *Table
	// Progress, if set, hears of each table as it is finished (from the
	// goroutine that generated it).
	Progress func(t *Table)
	// Working, if set, hears how a table's generation goes while it
	// runs: once its positions are seeded, then after each level of
	// distance to mate (from the goroutine that generates it).
	Working func(s Signature, st Stage)
}

// Stage is how far a table's generation has gone: Level is −1 once the
// positions are seeded (Entries of them, used or not), then the distance
// in plies of the level just settled; Resolved counts the wins and losses
// found so far.
type Stage struct {
	Level             int
	Entries, Resolved int
}

// NewSet returns an empty set.
func NewSet() *Set { return &Set{tables: map[string]*Table{}, pending: map[string]chan struct{}{}} }

// Names returns the signatures of the set's tables, sorted ("KPvK", "KQvK").
func (set *Set) Names() []string {
	set.mu.Lock()
	defer set.mu.Unlock()
	names := make([]string, 0, len(set.tables))
	for name := range set.tables {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Loaded returns the set's table of s (in its canonical orientation)
// without generating it.
func (set *Set) Loaded(s Signature) (*Table, bool) {
	s, _ = s.canonical()
	set.mu.Lock()
	defer set.mu.Unlock()
	t, ok := set.tables[s.String()]
	return t, ok
}

// materialKey numbers a side's pieces (queens, rooks, bishops, knights,
// pawns, up to two each) in base 3.
func materialKey(b *board.Position, c board.Color) (int, bool) {
	key := 0
	for _, t := range []board.PieceType{board.Queen, board.Rook, board.Bishop, board.Knight, board.Pawn} {
		n := b.Pieces(c, t).Count()
		if n > 2 {
			return 0, false
		}
		key = key*3 + n
	}
	return key, true
}

func sigKey(s Signature) (int, int) {
	side := func(ps []int) int {
		var n [6]int
		for _, p := range ps[1:] {
			n[p]++
		}
		return (((n[queen]*3+n[rook])*3+n[bishop])*3+n[knight])*3 + n[pawn]
	}
	return side(s.White), side(s.Black)
}

// Materials counts the material keys of one side (MaterialKeys).
const Materials = materials

// MaterialKeys numbers each side's material (queens, rooks, bishops,
// knights and pawns, at most two of each; ok is false beyond that), the
// same numbers Signature.MaterialKeys gives its table: a quick test of
// which table a position belongs to, without allocating.
func MaterialKeys(b *board.Position) (white, black int, ok bool) {
	w, ok1 := materialKey(b, board.White)
	k, ok2 := materialKey(b, board.Black)
	return w, k, ok1 && ok2
}

// MaterialKeys numbers the signature's material for each side, as the
// function MaterialKeys does for a position.
func (s Signature) MaterialKeys() (white, black int) { return sigKey(s) }

// materials counts the material keys of one side.
const materials = 3 * 3 * 3 * 3 * 3
