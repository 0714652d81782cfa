package search

import (
	"os"
	"path/filepath"
	"testing"

	"kibitz/engine/board"
	"kibitz/epd"
	"kibitz/nnue"
)

func loadWAC(t testing.TB) []epd.Entry {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "tactical", "wacnew.epd"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entries, err := epd.Read(f, "wacnew.epd")
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

// wacSolved counts positions whose search at the node budget, with the
// default net as the engine plays, chooses a best move.
func wacSolved(t testing.TB, entries []epd.Entry, nodes uint64) (solved int, failed []string) {
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{HashMB: 16, Net: net})
	for _, en := range entries {
		p, err := board.ParseFEN(en.FEN)
		if err != nil {
			t.Fatal(err)
		}
		e.NewGame()
		r := e.Search(p, Limits{Nodes: nodes}, nil)
		if en.Solved(r.Move.String()) {
			solved++
		} else {
			failed = append(failed, en.ID)
		}
	}
	return solved, failed
}

// wacFloor is the solve count measured at wacNodes with the default net;
// raise it as the engine improves, never lower it to make a change pass.
// The short run (the wasm build) checks the first 30 positions against a
// floor of its own. The budget is 200 000 nodes, about a tenth of a second
// natively and the most the test command can afford of the second a
// position that Win At Chess is measured at (kibitz solve --movetime
// 1000): at 20 000 (the budget until 2026-11-23, with the classical
// evaluation until then) the search is too shallow for its extensions and
// history tables to act, and the count there moved against the games
// (continuation history: +16.5 Elo, 161 solved at 20 000 nodes and 147
// with the classical evaluation).
const (
	wacNodes      = 200000
	wacFloor      = 251 // 255 solved with generation 10 and its margins (247 with generation 9's margins, 253 with the fourth SPSA run's LMPBase too); 252 with generation 9 and its margins (243 with the third SPSA run's RFPMargin of 62, kept at 78 for this floor); 254 when it was set with generation 8 (247 before the margins were retuned for it, 244 before history pruning, 237 before singular extensions)
	wacShortFloor = 26  // 28 solved when it was set (29 with history pruning)
)

func TestWinAtChess(t *testing.T) {
	if raceDetector {
		t.Skip("single-threaded: run without the race detector")
	}
	entries := loadWAC(t)
	if len(entries) != 300 {
		t.Fatalf("%d WAC positions, want 300", len(entries))
	}
	if testing.Short() {
		entries = entries[:30]
	}
	solved, failed := wacSolved(t, entries, wacNodes)
	t.Logf("WAC: %d/%d solved at %d nodes; failed %v", solved, len(entries), wacNodes, failed)
	floor := wacFloor
	if testing.Short() {
		floor = wacShortFloor
	}
	if solved < floor {
		t.Errorf("WAC: %d of %d solved at %d nodes, floor is %d", solved, len(entries), wacNodes, floor)
	}
}
