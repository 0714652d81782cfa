package search

import (
	"testing"

	"kibitz/engine/board"
)

// TestClearEmptiesTheTable: after Clear no probe finds what was stored
// before, stores behave as in an empty table, and hashfull counts from
// zero again.
func TestClearEmptiesTheTable(t *testing.T) {
	tt := NewTT(1)
	keys := make([]uint64, 5000)
	for i := range keys {
		keys[i] = (uint64(i) + 77) * 0x9e3779b97f4a7c15
		tt.store(keys[i], board.Move(i+1), i%100, -i%100, 5, BoundExact)
	}
	hits := 0
	for _, k := range keys {
		if _, ok := tt.probe(k); ok {
			hits++
		}
	}
	if hits < len(keys)/2 || tt.hashfull() == 0 {
		t.Fatalf("before the clear: %d of %d keys found, hashfull %d", hits, len(keys), tt.hashfull())
	}
	for round := 0; round < 3; round++ {
		tt.Clear()
		for _, k := range keys {
			if h, ok := tt.probe(k); ok {
				t.Fatalf("clear %d: key %x still found: %+v", round, k, h)
			}
		}
		if got := tt.hashfull(); got != 0 {
			t.Errorf("clear %d: hashfull %d, want 0", round, got)
		}
		// A shallower result for a key stored before the clear is
		// written: the old, deeper one no longer counts.
		tt.store(keys[0], board.Move(9), 42, 0, 1, BoundLower)
		if h, ok := tt.probe(keys[0]); !ok || h.score != 42 || h.depth != 1 || h.move != board.Move(9) {
			t.Errorf("clear %d: store after the clear gave %+v, %v", round, h, ok)
		}
		tt.store(keys[0], board.NullMove, 43, 0, 1, BoundLower)
		if h, _ := tt.probe(keys[0]); h.move != board.Move(9) {
			t.Errorf("clear %d: a move-less store lost the move stored after the clear: %+v", round, h)
		}
	}
}
