//go:build !race

package uci

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// TestAMoveMakesLittleGarbage plays a game over the protocol as a match
// runner does — the whole game in each position command, then go nodes
// 10000 — and bounds the memory allocated per move: an engine that makes
// garbage fast makes its collector touch more of its heap, and its RSS
// creeps over thousands of games (docs/robustness.md). The figure is
// printed; the bound is about 1.5 times what the engine allocates now (it
// allocated 130 KB a move before the net's evaluator stopped allocating
// on every refresh). Not under the race detector, which allocates on its
// own account.
func TestAMoveMakesLittleGarbage(t *testing.T) {
	const perMoveKB = 64
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		RunWith(inR, outW, Config{})
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	send := func(s string) { fmt.Fprintln(inW, s) }
	wait := func(prefix string) string {
		for lines.Scan() {
			if l := lines.Text(); strings.HasPrefix(l, prefix) {
				return l
			}
		}
		t.Fatalf("the engine ended before %q", prefix)
		return ""
	}
	send("uci")
	wait("uciok")
	var moves []string
	play := func(n int) {
		for range n {
			send("position startpos moves " + strings.Join(moves, " "))
			send("go nodes 10000")
			move := strings.Fields(wait("bestmove"))[1]
			if move == "(none)" || len(moves) >= 160 {
				moves = moves[:0]
				send("ucinewgame")
				continue
			}
			moves = append(moves, move)
		}
	}
	play(30) // the table, the net's buffers and the helpers made once
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const n = 150
	play(n)
	runtime.ReadMemStats(&after)
	send("quit")
	kb := float64(after.TotalAlloc-before.TotalAlloc) / n / 1024
	t.Logf("%.1f KB and %.0f allocations a move", kb, float64(after.Mallocs-before.Mallocs)/n)
	if kb > perMoveKB {
		t.Errorf("%.1f KB allocated a move (at most %d)", kb, perMoveKB)
	}
}
