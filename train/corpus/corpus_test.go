package corpus

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"kibitz/engine/board"
)

// randomGame plays random legal moves from start and scores them at random,
// with the extremes of the score range drawn often.
func randomGame(rng *rand.Rand, index uint64, start string, opening, plies int, lastUnplayed bool) Game {
	g := Game{Index: index, Result: float64(rng.IntN(3)) / 2, Start: start}
	pos, err := startPosition(start)
	if err != nil {
		panic(err)
	}
	for i := 0; i < opening+plies; i++ {
		var l board.MoveList
		pos.GenerateMoves(&l, board.GenAll)
		if l.N == 0 {
			break
		}
		m := l.Moves[rng.IntN(l.N)]
		if i < opening {
			g.Opening = append(g.Opening, m)
		} else {
			score := rng.IntN(801) - 400
			switch rng.IntN(10) {
			case 0:
				score = 32000
			case 1:
				score = -32000
			}
			g.Plies = append(g.Plies, Ply{Move: m, Score: score})
		}
		pos.MakeMove(m)
	}
	if lastUnplayed && len(g.Plies) > 0 {
		g.Plies[len(g.Plies)-1].Move = board.NullMove
	}
	return g
}

var starts = []string{
	"", // the standard position: start byte 0
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // castling: a FEN
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",                            // packed
	"4k3/8/8/8/8/8/8/4K2R w K - 3 40",                                      // clocks: a FEN
}

func writeGames(t *testing.T, path, meta string, games []Game) {
	t.Helper()
	w, _, err := Append(path, meta)
	if err != nil {
		t.Fatal(err)
	}
	for i := range games {
		if err := w.Write(&games[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func readGames(t *testing.T, path string) ([]Game, Summary) {
	t.Helper()
	var out []Game
	sum, err := Read(path, func(g *Game) error {
		c := *g
		out = append(out, c)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out, sum
}

func TestGamesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var games []Game
	for i := 0; i < 200; i++ {
		games = append(games, randomGame(rng, uint64(i*3), starts[i%len(starts)], rng.IntN(10), rng.IntN(150), i%5 == 0))
	}
	path := filepath.Join(t.TempDir(), "g"+Ext)
	writeGames(t, path, "net=test nodes=1", games)
	got, sum := readGames(t, path)
	positions := 0
	for i := range games {
		positions += len(games[i].Plies)
		if games[i].Start == starts[2] {
			// The packed form comes back as the same position.
			games[i].Start = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1"
		}
		if !reflect.DeepEqual(normal(games[i]), normal(got[i])) {
			t.Fatalf("game %d:\nwrote %+v\nread  %+v", i, games[i], got[i])
		}
	}
	if sum.Games != 200 || sum.Positions != positions || sum.NextIndex != 199*3+1 || sum.Meta != "net=test nodes=1" {
		t.Errorf("summary %+v", sum)
	}
	// Replay visits the searched positions in order, before their moves.
	g := got[1]
	pos, _ := board.ParseFEN(g.Start)
	for _, m := range g.Opening {
		pos.MakeMove(m)
	}
	n := 0
	g.Replay(func(p *board.Position, i int, ply Ply) {
		if p.FEN() != pos.FEN() || ply != g.Plies[i] || i != n {
			t.Fatalf("replay ply %d at %s, want %s", i, p.FEN(), pos.FEN())
		}
		n++
		if ply.Move != board.NullMove {
			pos.MakeMove(ply.Move)
		}
	})
	if n != len(g.Plies) {
		t.Errorf("replayed %d of %d positions", n, len(g.Plies))
	}
}

// normal makes empty and nil slices compare equal.
func normal(g Game) Game {
	if len(g.Opening) == 0 {
		g.Opening = nil
	}
	if len(g.Plies) == 0 {
		g.Plies = nil
	}
	return g
}

// TestResumeCutsOnlyAnInterruptedGame cuts the file at every byte of its
// last game: appending again keeps the whole games, removes the partial
// one, and continues after the last whole game.
func TestResumeCutsOnlyAnInterruptedGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	games := []Game{randomGame(rng, 0, "", 8, 60, false), randomGame(rng, 1, "", 8, 60, true), randomGame(rng, 2, "", 8, 60, false)}
	dir := t.TempDir()
	full := filepath.Join(dir, "full"+Ext)
	writeGames(t, full, "m=1", games)
	two := filepath.Join(dir, "two"+Ext)
	writeGames(t, two, "m=1", games[:2])
	data, _ := os.ReadFile(full)
	cut, _ := os.ReadFile(two)
	for n := len(cut); n < len(data); n++ {
		path := filepath.Join(dir, "cut"+Ext)
		os.WriteFile(path, data[:n], 0o644)
		w, sum, err := Append(path, "m=1")
		if err != nil {
			t.Fatalf("cut at %d: %v", n, err)
		}
		if sum.Games != 2 || sum.NextIndex != 2 {
			t.Fatalf("cut at %d: %+v", n, sum)
		}
		if err := w.Write(&games[2]); err != nil {
			t.Fatal(err)
		}
		w.Close()
		if again, _ := os.ReadFile(path); !bytes.Equal(again, data) {
			t.Fatalf("cut at %d: resumed file differs", n)
		}
	}
}

// TestAppendNeverDamagesOtherFiles: a file that is not a corpus, a corpus
// written with other settings and a corpus damaged in the middle are all
// refused, byte for byte unchanged.
func TestAppendNeverDamagesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(5, 6))
	games := []Game{randomGame(rng, 0, "", 8, 40, false), randomGame(rng, 1, "", 8, 40, false)}
	corpusFile := filepath.Join(dir, "c"+Ext)
	writeGames(t, corpusFile, "m=1", games)
	good, _ := os.ReadFile(corpusFile)
	damaged := append([]byte(nil), good...)
	damaged[len(good)/2] ^= 0x40
	cases := []struct {
		name, meta string
		data       []byte
		want       error
	}{
		{"readme", "m=1", []byte("# Kibitz\n\nA chess engine.\nLast line without newline"), ErrNotCorpus},
		{"short", "m=1", []byte("KIB"), ErrNotCorpus},
		{"other settings", "m=2", good, nil},
		{"damaged", "m=1", damaged, nil},
	}
	for _, c := range cases {
		path := filepath.Join(dir, c.name)
		os.WriteFile(path, c.data, 0o644)
		if _, _, err := Append(path, c.meta); err == nil || (c.want != nil && !errors.Is(err, c.want)) {
			t.Errorf("%s: Append gave %v", c.name, err)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, c.data) {
			t.Errorf("%s: the file was changed", c.name)
		}
	}
	if _, err := Read(filepath.Join(dir, "damaged"), nil); err == nil {
		t.Error("a damaged corpus was read without an error")
	}
	if _, _, err := Append(os.DevNull, "m=1"); err == nil {
		t.Error("appended to a device")
	}
	if _, _, err := Append(dir, "m=1"); err == nil {
		t.Error("appended to a directory")
	}
}

func TestWriteRefusesIllegalGames(t *testing.T) {
	w, _, err := Append(filepath.Join(t.TempDir(), "x"+Ext), "m=1")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	e2e5 := board.NewMove(board.MakeSquare(4, 1), board.MakeSquare(4, 4), board.Quiet)
	e2e4 := board.NewMove(board.MakeSquare(4, 1), board.MakeSquare(4, 3), board.DoublePush)
	bad := []Game{
		{Plies: []Ply{{Move: e2e5}}},
		{Result: 0.7},
		{Start: "not a fen"},
		{Plies: []Ply{{Move: board.NullMove}, {Move: e2e4}}},
	}
	for i := range bad {
		if err := w.Write(&bad[i]); err == nil {
			t.Errorf("game %+v was written", bad[i])
		}
	}
}

func TestFilesAndSelection(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 8))
	writeGames(t, filepath.Join(dir, "b"+Ext), "net=b generation=3", []Game{randomGame(rng, 0, "", 8, 10, false), randomGame(rng, 5, "", 8, 10, false)})
	writeGames(t, filepath.Join(dir, "a"+Ext), "net=a", []Game{randomGame(rng, 0, "", 8, 10, false)})
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644)
	files, err := Files([]string{dir})
	if err != nil || len(files) != 2 || filepath.Base(files[0]) != "a"+Ext {
		t.Fatalf("%v %v", files, err)
	}
	count := func(sel Selection) (n int) {
		if err := ReadSelected(files, sel, func(int, map[string]string, *Game) error { n++; return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if a, b, c, d := count(Selection{}), count(Selection{Where: map[string]string{"generation": "3"}}),
		count(Selection{From: 1}), count(Selection{To: 1}); a != 3 || b != 2 || c != 1 || d != 2 {
		t.Errorf("selected %d, %d, %d, %d games; want 3, 2, 1, 2", a, b, c, d)
	}
	if _, err := Files([]string{t.TempDir()}); err == nil {
		t.Error("an empty store gave no error")
	}
}

// FuzzDecodeGame: any payload either decodes into legal games that encode
// back to a payload decoding the same, or is an error — never a panic.
func FuzzDecodeGame(f *testing.F) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i, s := range starts {
		g := randomGame(rng, uint64(i), s, 4, 20, i == 1)
		b, err := encodeGame(nil, &g)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var g Game
		if decodeGame(b, &g) != nil {
			return
		}
		again, err := encodeGame(nil, &g)
		if err != nil {
			t.Fatalf("decoded game does not encode: %v", err)
		}
		var h Game
		if err := decodeGame(again, &h); err != nil || !reflect.DeepEqual(normal(g), normal(h)) {
			t.Fatalf("re-encoded game differs: %v", err)
		}
	})
}

// TestOneWriterAtATime: a second writer is refused while the first holds
// the file, and may append once it has closed it.
func TestOneWriterAtATime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w"+Ext)
	w, _, err := Append(path, "m=1")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Append(path, "m=1"); err == nil || !strings.Contains(err.Error(), "another run is writing") {
		t.Errorf("second writer: %v", err)
	}
	w.Close()
	w2, _, err := Append(path, "m=1")
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	w2.Close()
}
