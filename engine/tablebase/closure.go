package tablebase

import (
	"sort"

	"kibitz/engine/board"
)

// A table is closed in a set when every table its captures and
// promotions lead to is in the set and closed too (endings drawn by rule,
// a king and at most one minor piece against a bare king, need none). The
// search trusts only closed tables: a table's win is scored above every
// evaluation, so a table whose conversions lead to endings the set lacks
// would keep the search from ever converting — from KRPvKR without KQRvKR
// it would never promote the pawn.

// exitSignatures lists, in canonical orientation, the endings the moves
// of s that leave it (captures, promotions) lead to, bare kings and the
// endings drawn by rule left out.
func exitSignatures(s Signature) []Signature {
	l := newLayout(s)
	var numbered pos
	for i := 0; i < l.men; i++ {
		numbered.sq[i] = board.Square(i)
	}
	var out []Signature
	seen := map[string]bool{}
	l.eachExit(func(a, captured, promoted int) {
		child, _ := childOf(&l, numbered, a, captured, promoted)
		child, _ = child.canonical()
		if !drawnByRule(child) && !seen[child.String()] {
			seen[child.String()] = true
			out = append(out, child)
		}
	})
	return out
}

// drawnByRule says whether no mate is possible with the material of s: a
// bare king against a king alone or with one bishop or knight.
func drawnByRule(s Signature) bool {
	if len(s.Black) != 1 || len(s.White) > 2 {
		return false
	}
	return len(s.White) == 1 || s.White[1] == bishop || s.White[1] == knight
}

// updateClosure works out which of the set's tables are closed; called
// with set.mu held whenever a table joins the set.
func (set *Set) updateClosure() {
	const (
		unknown = iota
		visiting
		closed
		open
	)
	state := map[string]int{}
	var visit func(name string) bool
	visit = func(name string) bool {
		switch state[name] {
		case closed:
			return true
		case open, visiting: // a cycle cannot happen (every exit has fewer men or fewer pawns); treat it as open
			return false
		}
		t, ok := set.tables[name]
		if !ok {
			state[name] = open
			return false
		}
		state[name] = visiting
		ok = true
		for _, e := range exitSignatures(t.Sig) {
			ok = visit(e.String()) && ok
		}
		if ok {
			state[name] = closed
		} else {
			state[name] = open
		}
		t.closed = ok
		return ok
	}
	for name := range set.tables {
		visit(name)
	}
}

// Need is a table the search cannot use yet and one it needs first.
type Need struct{ Table, Needs string }

// Unused lists the set's tables the search cannot use yet, by name.
func (set *Set) Unused() []Need {
	set.mu.Lock()
	defer set.mu.Unlock()
	var out []Need
	for name, t := range set.tables {
		if !t.closed {
			out = append(out, Need{name, set.missingFor(t.Sig)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Table < out[j].Table })
	return out
}

func (set *Set) missingFor(s Signature) string {
	t, ok := set.tables[s.String()]
	if !ok {
		return s.String()
	}
	if t.closed {
		return ""
	}
	for _, e := range exitSignatures(s) {
		if m := set.missingFor(e); m != "" {
			return m
		}
	}
	return ""
}

// Add puts a table (read from a file) in the set.
func (set *Set) Add(t *Table) {
	set.mu.Lock()
	defer set.mu.Unlock()
	set.tables[t.Sig.String()] = t
	set.index(t)
}

// index registers a table under its material for ProbeWDL; called with
// set.mu held.
func (set *Set) index(t *Table) {
	w, b := sigKey(t.Sig)
	set.byKey[w*materials+b] = t
	set.updateClosure()
}
