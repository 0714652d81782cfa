package board

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// perftEntry is one line of a perft EPD file: a FEN and the expected leaf
// counts by depth (depths[d-1] is perft(d)).
type perftEntry struct {
	fen    string
	id     string
	depths []uint64
}

func loadPerftEPD(t testing.TB, name string) []perftEntry {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "perft", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ";")
		if strings.TrimSpace(parts[0]) == "" {
			continue
		}
		e := perftEntry{fen: strings.TrimSpace(parts[0])}
		for _, part := range parts[1:] {
			part = strings.TrimSpace(part)
			switch {
			case strings.HasPrefix(part, "id "):
				e.id = strings.Trim(part[3:], `"`)
			case strings.HasPrefix(part, "D"):
				fs := strings.Fields(part)
				d, err1 := strconv.Atoi(fs[0][1:])
				n, err2 := strconv.ParseUint(fs[1], 10, 64)
				if err1 != nil || err2 != nil || d != len(e.depths)+1 {
					t.Fatalf("bad perft entry %q", part)
				}
				e.depths = append(e.depths, n)
			}
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no entries", name)
	}
	return out
}
