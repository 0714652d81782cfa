package search

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/notnil/chess"

	"kibitz/engine/board"
)

// epdEntry is one test position with its best moves in UCI notation.
type epdEntry struct {
	id   string
	fen  string
	best []string
}

// loadWAC reads the Win At Chess suite, converting "bm" moves from SAN to
// UCI with notnil/chess as an independent reader of SAN.
func loadWAC(t testing.TB) []epdEntry {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "tactical", "wacnew.epd"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []epdEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) < 6 {
			continue
		}
		fen := strings.Join(fields[:4], " ") + " 0 1"
		e := epdEntry{fen: fen}
		opt, err := chess.FEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		pos := chess.NewGame(opt).Position()
		for _, op := range strings.Split(strings.Join(fields[4:], " "), ";") {
			op = strings.TrimSpace(op)
			switch {
			case strings.HasPrefix(op, "bm "):
				for _, san := range strings.Fields(op[3:]) {
					m, err := chess.AlgebraicNotation{}.Decode(pos, san)
					if err != nil {
						t.Fatalf("%s: bm %s: %v", fen, san, err)
					}
					e.best = append(e.best, m.String())
				}
			case strings.HasPrefix(op, "id "):
				e.id = strings.Trim(op[3:], `"`)
			}
		}
		if len(e.best) > 0 {
			out = append(out, e)
		}
	}
	return out
}

// wacSolved counts positions whose search at the node budget chooses a
// best move.
func wacSolved(t testing.TB, entries []epdEntry, nodes uint64) (solved int, failed []string) {
	e := New(Options{HashMB: 16})
	for _, en := range entries {
		p, err := board.ParseFEN(en.fen)
		if err != nil {
			t.Fatal(err)
		}
		e.NewGame()
		r := e.Search(p, Limits{Nodes: nodes}, nil)
		ok := false
		for _, b := range en.best {
			ok = ok || r.Move.String() == b
		}
		if ok {
			solved++
		} else {
			failed = append(failed, en.id)
		}
	}
	return solved, failed
}

// wacFloor is the solve count measured at wacNodes; raise it as the
// engine improves, never lower it to make a change pass.
const (
	wacNodes = 20000
	wacFloor = 0
)

func TestWinAtChess(t *testing.T) {
	entries := loadWAC(t)
	if len(entries) != 300 {
		t.Fatalf("%d WAC positions, want 300", len(entries))
	}
	if testing.Short() {
		entries = entries[:30]
	}
	solved, failed := wacSolved(t, entries, wacNodes)
	t.Logf("WAC: %d/%d solved at %d nodes; failed %v", solved, len(entries), wacNodes, failed)
	if !testing.Short() && solved < wacFloor {
		t.Errorf("WAC: %d solved at %d nodes, floor is %d", solved, wacNodes, wacFloor)
	}
}
